package dev.junction.execution.network;

import dev.junction.market.BridgeLane;
import java.util.Random;

/**
 * Draws a bridge transfer's latency and fate from a seed: latency is log-normal with the lane's p50 as median and p90 as
 * 90th percentile (clamped to [p50/4, 3 x p90]); the transfer fails with probability {@code failureRate}. The same seed
 * always gives the same draw, so a transfer's outcome survives restarts.
 */
final class BridgeLatency {

    private static final double Z90 = 1.2815515655446004;

    private BridgeLatency() {
    }

    /** A transfer's draw: latency and refund delay in ms, and whether it fails. */
    record Draw(long latencyMs, boolean failed, long refundDelayMs) {
    }

    static Draw draw(BridgeLane lane, long seed, double failureRate) {
        Random random = new Random(seed);
        double p50 = Math.max(1, lane.p50Seconds()) * 1000.0;
        double p90 = Math.max(p50, lane.p90Seconds() * 1000.0);
        double sigma = Math.log(p90 / p50) / Z90;
        double latency = p50 * Math.exp(sigma * random.nextGaussian());
        latency = Math.min(Math.max(latency, p50 / 4), p90 * 3);
        boolean failed = random.nextDouble() < failureRate;
        return new Draw(Math.round(latency), failed, Math.round(p50));
    }
}
