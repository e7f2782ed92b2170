package dev.junction.protocol.synthetic;

import dev.junction.market.MarketConfiguration;
import dev.junction.market.MarketSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The seeded synthetic {@link MarketSource} when {@code junction.market.source=synthetic}; sizes and seed from
 * {@code junction.market.synthetic.*} (defaults: {@link SyntheticMarketSource.Sizes#DEFAULT}, seed 42).
 */
@Configuration(proxyBeanMethods = false)
class SyntheticMarketConfiguration {

    @Bean
    @ConditionalOnProperty(name = "junction.market.source", havingValue = MarketConfiguration.SYNTHETIC)
    MarketSource syntheticMarketSource(@Value("${junction.market.synthetic.chains:20}") int chains,
            @Value("${junction.market.synthetic.tokens:2000}") int tokens,
            @Value("${junction.market.synthetic.pools:50000}") int pools,
            @Value("${junction.market.synthetic.lanes:500}") int lanes,
            @Value("${junction.market.synthetic.seed:42}") long seed) {
        return new SyntheticMarketSource(new SyntheticMarketSource.Sizes(chains, tokens, pools, lanes), seed);
    }
}
