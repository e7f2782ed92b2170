package dev.junction.market;

import dev.junction.market.snapshot.SnapshotMarketSource;
import java.time.Clock;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The market's beans: the {@link SimulationClock}, the {@link MarketSource} chosen by {@code junction.market.source}
 * and the {@link Market} loaded from it at start-up (invalid data stops start-up with a {@link MarketDataException}).
 *
 * <ul>
 *   <li>{@code junction.market.source}: {@code snapshot} (default) reads the snapshot at
 *       {@code junction.market.snapshot-location} (default {@value SnapshotMarketSource#DEFAULT_LOCATION});
 *       {@code synthetic} uses the seeded generator's {@link MarketSource} bean; {@code chain} reads EVM nodes
 *       ({@code junction.chains.*}, module {@code chainmarket}) and keeps the market current block by block.</li>
 *   <li>{@code junction.simulation.clock-speed}: simulated milliseconds per real millisecond (default 1.0).</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
public class MarketConfiguration {

    static final String SNAPSHOT = "snapshot";
    /** The source of the benchmarks' synthetic market (its bean: {@code protocol.synthetic}). */
    public static final String SYNTHETIC = "synthetic";
    static final String CHAIN = "chain";

    @Bean
    SimulationClock simulationClock(@Value("${junction.simulation.clock-speed:1.0}") double speed) {
        return new SimulationClock(Clock.systemUTC(), speed);
    }

    @Bean
    @ConditionalOnProperty(name = "junction.market.source", havingValue = SNAPSHOT, matchIfMissing = true)
    MarketSource snapshotMarketSource(
            @Value("${junction.market.snapshot-location:" + SnapshotMarketSource.DEFAULT_LOCATION + "}") String location) {
        return new SnapshotMarketSource(location);
    }

    /** The sandbox's chains are never stale (chain mode's freshness is the chain market's). */
    @Bean
    @SandboxMode
    ChainFreshness sandboxFreshness() {
        return ChainFreshness.ALWAYS;
    }

    @Bean
    LiveMarket market(@Value("${junction.market.source:" + SNAPSHOT + "}") String source,
            ObjectProvider<MarketSource> sources) {
        String chosen = source.trim().toLowerCase(Locale.ROOT);
        if (!chosen.equals(SNAPSHOT) && !chosen.equals(SYNTHETIC) && !chosen.equals(CHAIN)) {
            throw new MarketDataException("junction.market.source must be snapshot, synthetic or chain, was " + source);
        }
        MarketSource marketSource = sources.getIfUnique();
        if (marketSource == null) {
            throw new MarketDataException("junction.market.source=" + chosen + " has no MarketSource bean in this "
                    + "build (found " + sources.stream().count() + ")");
        }
        return new LiveMarket(marketSource.load());
    }
}
