package dev.junction.quote;

import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PlannerSettings;
import dev.junction.routing.RoutePlanner;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The quote beans. Settings: {@code junction.quote.ttl} (quote lifetime, default 60s),
 * {@code junction.quote.cache-size} (quotes held in memory, default 10000),
 * {@code junction.quote.retention} (how long quote rows are kept after they expire, default P1D),
 * {@code junction.quote.write-queue} (quotes that may wait to be written, default 20000),
 * {@code junction.quote.write-wait} (how long a quote waits for room before 9005, default 250ms) and
 * {@code junction.routing.max-steps}, {@code max-routes}, {@code pools-per-pair}, {@code labels-per-node},
 * {@code candidates}, {@code max-expansions} (see {@link PlannerSettings}).
 */
@Configuration(proxyBeanMethods = false)
class QuoteConfiguration {

    @Bean
    RoutePlanner routePlanner(@Value("${junction.routing.max-steps:4}") int maxSteps,
            @Value("${junction.routing.max-routes:5}") int maxRoutes,
            @Value("${junction.routing.pools-per-pair:3}") int poolsPerPair,
            @Value("${junction.routing.labels-per-node:10}") int labelsPerNode,
            @Value("${junction.routing.candidates:16}") int candidates,
            @Value("${junction.routing.max-expansions:20000}") int maxExpansions) {
        return new RoutePlanner(new PlannerSettings(maxSteps, maxRoutes, poolsPerPair, labelsPerNode, candidates,
                maxExpansions));
    }

    @Bean
    QuoteRepository quoteRepository(JdbcTemplate jdbc, JsonMapper json, ObjectProvider<Market> market) {
        return new QuoteRepository(jdbc, json, current(market));
    }

    @Bean(destroyMethod = "close")
    QuoteStore quoteStore(QuoteRepository repository, @Value("${junction.quote.ttl:60s}") Duration ttl,
            @Value("${junction.quote.cache-size:" + QuoteStore.DEFAULT_CACHE_SIZE + "}") int cacheSize,
            @Value("${junction.quote.retention:P1D}") Duration retention,
            @Value("${junction.quote.write-queue:" + QuoteStore.DEFAULT_WRITE_QUEUE + "}") int writeQueue,
            @Value("${junction.quote.write-wait:250ms}") Duration writeWait) {
        return new QuoteStore(repository, ttl, cacheSize, retention, writeQueue, writeWait);
    }

    @Bean
    QuoteService quoteService(ObjectProvider<Market> market, RoutePlanner planner, QuoteStore store,
            ObjectProvider<Clock> clock, @Value("${junction.quote.ttl:60s}") Duration ttl) {
        return new QuoteService(current(market), planner, store, clock.getIfAvailable(Clock::systemUTC), ttl);
    }

    /** The market's current snapshot; the bean is looked up once, on first use (a lookup per request is costly). */
    private static Supplier<MarketSnapshot> current(ObjectProvider<Market> market) {
        AtomicReference<Market> resolved = new AtomicReference<>();
        return () -> resolved.updateAndGet(m -> m != null ? m : market.getObject()).current();
    }
}
