package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.SwapQuote;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Exact pool quotes of one planning request, so the search and the final evaluation quote each input once; and the
 * request's bridge fees, which charge its destination call's gas to a bridge into the chain the call runs on, and a
 * destination leg's redeem and steps to a bridge whose leg Junction's relayer runs (CCTP V1).
 */
final class QuoteMemo {

    private record Key(String pool, Address in, Address out, BigInteger amount) {
    }

    private final Map<Key, SwapQuote> quotes = new HashMap<>();
    private final MarketSnapshot snapshot;
    private final ChainId callChain;
    private final long callGas;
    private final double callGasUsd;

    /** A request without a destination call, charging no leg's redeem (a memo for tests of the search alone). */
    QuoteMemo() {
        this(null, null, 0, 0);
    }

    /**
     * @param snapshot the market planned on (each chain's gas price and the gas model's leg redeem figures), or null
     *     to charge no leg's redeem
     * @param callChain the chain a destination call runs on (the request's toChain), or null without a call
     * @param callGas the call's gas units ({@code DestinationCallGas}), 0 without a call
     * @param callGasUsd those units at that chain's gas price, USD
     */
    QuoteMemo(MarketSnapshot snapshot, ChainId callChain, long callGas, double callGasUsd) {
        this.snapshot = snapshot;
        this.callChain = callChain;
        this.callGas = callGas;
        this.callGasUsd = callGasUsd;
    }

    /** The bridge's fee and output; a lane into the call's chain also carries the call's gas. */
    BridgeFee bridge(BridgeLane lane, Token in, Token out, BigInteger amount) {
        return BridgeFee.of(lane, in, out, amount, lane.toChain().equals(callChain) ? callGasUsd : 0);
    }

    /** Whether the request's destination call runs on {@code chain}. */
    boolean callOn(ChainId chain) {
        return chain.equals(callChain);
    }

    /**
     * The gas Junction's relayer spends to redeem a destination leg delivered over {@code lane} besides the leg's
     * steps and the call ({@link dev.junction.market.GasModel#legRedeemGas}); empty when the bridge's own delivery
     * pays it, the destination is not an EVM chain, or this memo charges no redeem.
     */
    OptionalLong legRedeemGas(BridgeLane lane) {
        if (snapshot == null) {
            return OptionalLong.empty();
        }
        Chain destination = snapshot.chain(lane.toChain()).orElse(null);
        if (destination == null || !destination.evm()) {
            return OptionalLong.empty();
        }
        return snapshot.gas().legRedeemGas(lane);
    }

    /**
     * The fee and output of a bridge followed by a destination leg or call that Junction's relayer runs
     * ({@link #legRedeemGas} present): its redeem, the leg's steps ({@code legStepsGas}) and the call when it runs on
     * the lane's destination, in one figure of gas units at that chain's gas price (base + priority), valued at its
     * native token's reference price and converted like the call's charge ({@link BridgeFee#of}); without a redeem
     * figure, {@link #bridge}.
     */
    BridgeFee bridgeWithLeg(BridgeLane lane, Token in, Token out, BigInteger amount, long legStepsGas) {
        OptionalLong redeem = legRedeemGas(lane);
        if (redeem.isEmpty()) {
            return bridge(lane, in, out, amount);
        }
        long units = redeem.getAsLong() + legStepsGas + (callOn(lane.toChain()) ? callGas : 0);
        Chain destination = snapshot.chain(lane.toChain()).orElseThrow();
        double usd = snapshot.nativeToken(destination).usd(BigInteger.valueOf(units).multiply(destination.gasPriceWei()));
        return BridgeFee.of(lane, in, out, amount, usd);
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
