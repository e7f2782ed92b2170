package dev.junction.api.quote;

import dev.junction.market.Market;
import dev.junction.routing.PlannerSettings;
import dev.junction.routing.RoutePlanner;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The quote beans. Settings: {@code junction.quote.ttl} (quote lifetime, default 60s),
 * {@code junction.quote.cache-size} (quotes held in memory, default 10000) and
 * {@code junction.routing.max-steps}, {@code max-routes}, {@code pools-per-pair}, {@code labels-per-node},
 * {@code candidates}, {@code max-expansions} (see {@link PlannerSettings}).
 */
@Configuration(proxyBeanMethods = false)
class QuoteConfiguration {

    @Bean
    RoutePlanner routePlanner(@Value("${junction.routing.max-steps:4}") int maxSteps,
            @Value("${junction.routing.max-routes:5}") int maxRoutes,
            @Value("${junction.routing.pools-per-pair:3}") int poolsPerPair,
            @Value("${junction.routing.labels-per-node:8}") int labelsPerNode,
            @Value("${junction.routing.candidates:16}") int candidates,
            @Value("${junction.routing.max-expansions:20000}") int maxExpansions) {
        return new RoutePlanner(new PlannerSettings(maxSteps, maxRoutes, poolsPerPair, labelsPerNode, candidates,
                maxExpansions));
    }

    @Bean
    QuoteRepository quoteRepository(JdbcTemplate jdbc, JsonMapper json) {
        return new QuoteRepository(jdbc, json);
    }

    @Bean(destroyMethod = "close")
    QuoteStore quoteStore(QuoteRepository repository, @Value("${junction.quote.ttl:60s}") Duration ttl,
            @Value("${junction.quote.cache-size:" + QuoteStore.DEFAULT_CACHE_SIZE + "}") int cacheSize) {
        return new QuoteStore(repository, ttl, cacheSize);
    }

    @Bean
    QuoteService quoteService(ObjectProvider<Market> market, RoutePlanner planner, QuoteStore store,
            ObjectProvider<Clock> clock, @Value("${junction.quote.ttl:60s}") Duration ttl) {
        return new QuoteService(() -> market.getObject().current(), planner, store, clock.getIfAvailable(Clock::systemUTC), ttl);
    }
}
