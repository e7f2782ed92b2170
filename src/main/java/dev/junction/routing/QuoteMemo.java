package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.market.Pool;
import dev.junction.market.SwapQuote;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/** Exact pool quotes of one planning request, so the search and the final evaluation quote each input once. */
final class QuoteMemo {

    private record Key(String pool, Address in, Address out, BigInteger amount) {
    }

    private final Map<Key, SwapQuote> quotes = new HashMap<>();

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
