package dev.junction.status;

import dev.junction.market.Market;
import dev.junction.nodes.Nodes;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chain mode ({@code junction.market.source=chain}): GET /status reads the configured chains' nodes through the nodes
 * module's clients (one per chain, shared with the market's followers), at the market's heads.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "junction.market.source", havingValue = "chain")
class ChainStatusConfiguration {

    @Bean
    ChainStatus chainStatus(Nodes nodes, Market market) {
        return new ChainStatus(nodes.chains().all(), nodes::find, market::current);
    }
}
