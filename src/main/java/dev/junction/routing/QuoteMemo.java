package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Pool;
import dev.junction.market.SwapQuote;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * Exact pool quotes of one planning request, so the search and the final evaluation quote each input once; and the
 * request's bridge fees, which charge its destination call's gas to a bridge into the chain the call runs on.
 */
final class QuoteMemo {

    private record Key(String pool, Address in, Address out, BigInteger amount) {
    }

    private final Map<Key, SwapQuote> quotes = new HashMap<>();
    private final ChainId callChain;
    private final double callGasUsd;

    /** A request without a destination call. */
    QuoteMemo() {
        this(null, 0);
    }

    /**
     * @param callChain the chain a destination call runs on (the request's toChain), or null without a call
     * @param callGasUsd the call's gas at that chain's gas price, USD
     */
    QuoteMemo(ChainId callChain, double callGasUsd) {
        this.callChain = callChain;
        this.callGasUsd = callGasUsd;
    }

    /** The bridge's fee and output; a lane into the call's chain also carries the call's gas. */
    BridgeFee bridge(BridgeLane lane, Token in, Token out, BigInteger amount) {
        return BridgeFee.of(lane, in, out, amount, lane.toChain().equals(callChain) ? callGasUsd : 0);
    }

    /**
     * The pool's quote; a pool whose math fails for this input answers {@link SwapQuote#none}. A get and a put rather
     * than computeIfAbsent: the mapping function would capture the pool and addresses, an object per lookup.
     */
    SwapQuote quote(Pool pool, Address in, Address out, BigInteger amount) {
        Key key = new Key(pool.id(), in, out, amount);
        SwapQuote known = quotes.get(key);
        if (known != null) {
            return known;
        }
        SwapQuote computed;
        try {
            computed = pool.quote(in, out, amount);
        } catch (RuntimeException e) {
            computed = new SwapQuote(BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, 0);
        }
        quotes.put(key, computed);
        return computed;
    }
}
