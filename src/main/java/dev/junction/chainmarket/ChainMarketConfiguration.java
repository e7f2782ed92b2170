package dev.junction.chainmarket;

import dev.junction.market.Market;
import dev.junction.nodes.ChainsConfig;
import dev.junction.nodes.RpcSettings;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Chain mode's beans, with {@code junction.market.source=chain}: the {@link ChainMarket} (the market's source and the
 * chains' freshness), its following of the nodes once the application runs, and the {@code chains} health.
 *
 * <p>{@code junction.rpc.timeout} (default 10s), {@code junction.rpc.max-attempts} (4),
 * {@code junction.rpc.initial-backoff} (200ms), {@code junction.rpc.max-backoff} (2s) and
 * {@code junction.rpc.max-batch-size} (500) tune every chain's JSON-RPC client.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "junction.market.source", havingValue = "chain")
class ChainMarketConfiguration {

    @Bean(destroyMethod = "close")
    ChainMarket chainMarket(Environment environment,
            @Value("${junction.rpc.timeout:10s}") Duration timeout,
            @Value("${junction.rpc.max-attempts:4}") int attempts,
            @Value("${junction.rpc.initial-backoff:200ms}") Duration initialBackoff,
            @Value("${junction.rpc.max-backoff:2s}") Duration maxBackoff,
            @Value("${junction.rpc.max-batch-size:500}") int batch) {
        RpcSettings rpc = new RpcSettings(timeout, attempts, initialBackoff, maxBackoff, batch, Duration.ofSeconds(60));
        return new ChainMarket(ChainsConfig.bind(Binder.get(environment)), rpc, Clock.systemUTC());
    }

    @Bean
    SmartLifecycle chainFollowing(ChainMarket chains, ObjectProvider<Market> market) {
        return new SmartLifecycle() {
            private volatile boolean running;

            @Override
            public void start() {
                chains.follow(market.getObject());
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
