package dev.junction.chainmarket;

import dev.junction.market.Market;
import dev.junction.nodes.Nodes;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chain mode's beans, with {@code junction.market.source=chain}: the {@link ChainMarket} (the market's source and the
 * chains' freshness), its following of the nodes once the application runs, and the {@code chains} health.
 * The chains and their nodes are the nodes module's ({@link Nodes}: {@code junction.chains.*}, {@code junction.rpc.*}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "junction.market.source", havingValue = "chain")
class ChainMarketConfiguration {

    @Bean(destroyMethod = "close")
    ChainMarket chainMarket(Nodes nodes) {
        return new ChainMarket(nodes, Clock.systemUTC());
    }

    @Bean
    SmartLifecycle chainFollowing(ChainMarket chains, ObjectProvider<Market> market,
            ObjectProvider<MeterRegistry> meters) {
        return new SmartLifecycle() {
            private volatile boolean running;

            @Override
            public void start() {
                chains.follow(market.getObject());
                meters.ifAvailable(registry -> ChainMetrics.bind(registry, chains.followers()));
                running = true;
            }

            @Override
            public void stop() {
                chains.close();
                running = false;
            }

            @Override
            public boolean isRunning() {
                return running;
            }
        };
    }

    @Bean
    ChainsHealthIndicator chainsHealthIndicator(ChainMarket chains) {
        return new ChainsHealthIndicator(chains);
    }
}
