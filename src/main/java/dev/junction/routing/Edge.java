package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.market.BridgeLane;
import dev.junction.market.Pool;
import dev.junction.market.Provider;

/**
 * A directed edge of the route graph: a pool traded in one direction, or a bridge lane. Holds the doubles the
 * candidate search estimates with; the exact math stays with the pool and lane.
 */
final class Edge {

    final int from;
    final int to;
    final Pool pool;
    final BridgeLane lane;
    final Provider provider;
    /** Address handed to {@link Pool#quote} as tokenIn / tokenOut (wrapped native for a native node). */
    final Address poolIn;
    final Address poolOut;
    final long gasUnits;
    /** Gas units when a swap precedes this one in the same transaction (GasModel's further-hop figures). */
    long gasUnitsAfterSwap;
    final int seconds;
    final int p90Seconds;
    /** Swap estimate: constant-product reserves (virtual for V3, flattened for stable), token units, and 1 - fee. */
    final double reserveIn;
    final double reserveOut;
    final double keep;
    /** Most the pool can pay out, token units (its real balance of the output token; infinite when unknown). */
    final double maxOut;
    /** Bridge estimate: fixed fee plus destination gas in input units, proportional fee, output scale. */
    final double fixedIn;
    final double scale;
    final double minIn;
    final double capIn;

    private Edge(int from, int to, Pool pool, BridgeLane lane, Provider provider, Address poolIn, Address poolOut,
            long gasUnits, int seconds, int p90Seconds, double reserveIn, double reserveOut, double keep,
            double maxOut, double fixedIn, double scale, double minIn, double capIn) {
        this.from = from;
        this.to = to;
        this.pool = pool;
        this.lane = lane;
        this.provider = provider;
        this.poolIn = poolIn;
        this.poolOut = poolOut;
        this.gasUnits = gasUnits;
        this.gasUnitsAfterSwap = gasUnits;
        this.seconds = seconds;
        this.p90Seconds = p90Seconds;
        this.reserveIn = reserveIn;
        this.reserveOut = reserveOut;
        this.keep = keep;
        this.maxOut = maxOut;
        this.fixedIn = fixedIn;
        this.scale = scale;
        this.minIn = minIn;
        this.capIn = capIn;
    }

    static Edge swap(int from, int to, Pool pool, Provider provider, Address poolIn, Address poolOut, long gasUnits,
            int seconds, double[] estimate) {
        return new Edge(from, to, pool, null, provider, poolIn, poolOut, gasUnits, seconds, seconds * 2, estimate[0],
                estimate[1], estimate[2], estimate[3], 0, 1, 0, Double.POSITIVE_INFINITY);
    }

    static Edge bridge(int from, int to, BridgeLane lane, Provider provider, long gasUnits, double fixedIn,
            double scale) {
        return new Edge(from, to, null, lane, provider, null, null, gasUnits, lane.p50Seconds(),
                lane.p90Seconds(), 0, 0, 1 - lane.feeBps() / 10_000.0, Double.POSITIVE_INFINITY, fixedIn, scale, lane.minAmount().doubleValue(),
                lane.capacity().doubleValue());
    }

    boolean isBridge() {
        return lane != null;
    }

    /** Estimated output for an input, token units (doubles; the exact figure comes from the pool or lane). */
    double estimate(double amountIn) {
        if (lane != null) {
            double left = amountIn * keep - fixedIn;
            return left <= 0 ? 0 : left * scale;
        }
        double in = amountIn * keep;
        return Math.min(in * reserveOut / (reserveIn + in), maxOut);
    }
}
