package dev.junction.quote;

import dev.junction.market.Market;
import dev.junction.routing.PlannerSettings;
import dev.junction.routing.RoutePlanner;
import java.time.Clock;
import java.time.Duration;
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
 * {@code candidates}, {@code max-expansions}, {@code max-splits} (see {@link PlannerSettings}).
 */
@Configuration(proxyBeanMethods = false)
class QuoteConfiguration {

    @Bean
    RoutePlanner routePlanner(@Value("${junction.routing.max-steps:4}") int maxSteps,
            @Value("${junction.routing.max-routes:5}") int maxRoutes,
            @Value("${junction.routing.pools-per-pair:3}") int poolsPerPair,
            @Value("${junction.routing.labels-per-node:10}") int labelsPerNode,
            @Value("${junction.routing.candidates:16}") int candidates,
            @Value("${junction.routing.max-expansions:20000}") int maxExpansions,
            @Value("${junction.routing.max-splits:4}") int maxSplits, Market market) {
        RoutePlanner planner = new RoutePlanner(new PlannerSettings(maxSteps, maxRoutes, poolsPerPair, labelsPerNode,
                candidates, maxExpansions, maxSplits));
        // each snapshot is published with its route graph: the first quote after a block does not build it
        market.deriveOnUpdate(planner.routeGraphs());
        return planner;
    }

    /** The wall clock quotes expire on (a test may put its own first with {@code @Primary}). */
    @Bean
    Clock quoteClock() {
        return Clock.systemUTC();
    }

    @Bean
    QuoteRepository quoteRepository(JdbcTemplate jdbc, JsonMapper json, Market market) {
        return new QuoteRepository(jdbc, json, market::current);
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
    QuoteService quoteService(Market market, RoutePlanner planner, QuoteStore store, Clock clock,
            @Value("${junction.quote.ttl:60s}") Duration ttl) {
        return new QuoteService(market::current, planner, store, clock, ttl);
    }
}
