package dev.junction.chainmarket;

import dev.junction.chain.ChainId;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;

/**
 * The chains' freshness meters ({@code /actuator/prometheus}), tagged {@code chain}:
 * {@code junction_chain_head_to_snapshot_seconds} (histogram: from a new head's arrival, pushed or polled, to the
 * market snapshot that reflects it published) and {@code junction_chain_head_lag_blocks} (the node's newest head known
 * less the market's block).
 */
final class ChainMetrics {

    private ChainMetrics() {
    }

    static void bind(MeterRegistry registry, Map<ChainId, ChainFollower> followers) {
        for (Map.Entry<ChainId, ChainFollower> e : followers.entrySet()) {
            String chain = Long.toString(e.getKey().value());
            ChainFollower f = e.getValue();
            Timer timer = Timer.builder("junction.chain.head.to.snapshot")
                    .description("From a new head's arrival to the market snapshot that reflects it published")
                    .tag("chain", chain).publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(10))
                    .register(registry);
            f.onHeadToSnapshot(nanos -> timer.record(Duration.ofNanos(nanos)));
            Gauge.builder("junction.chain.head.lag", f, ChainMetrics::lagBlocks).baseUnit("blocks")
                    .description("The node's newest known head less the market's block").tag("chain", chain)
                    .register(registry);
        }
    }

    static double lagBlocks(ChainFollower f) {
        return Math.max(0, f.nodeHead() - f.state().block());
    }
}
