package dev.junction.status;

import dev.junction.chainmarket.ChainMarket;
import dev.junction.market.Market;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chain mode ({@code junction.market.source=chain}): GET /status reads the configured chains' nodes through the
 * chain market's JSON-RPC clients (one client per chain, shared with the market's followers), at the market's heads.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "junction.market.source", havingValue = "chain")
class ChainStatusConfiguration {

    @Bean
    ChainStatus chainStatus(ChainMarket chains, Market market) {
        return new ChainStatus(chains.settings(), chains::rpc, market::current);
    }
}
