package dev.junction.chainbuild;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.TransactionChecks;
import dev.junction.deploy.JunctionContracts;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.Nodes;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chain mode's building beans ({@code junction.market.source=chain}): where each provider's adapter is (the CREATE2
 * addresses of Junction's deploy command, derived from each chain's configured router:
 * {@link JunctionContracts#adapters}), and the {@link TransactionChecks} of built transactions through the configured
 * chains' nodes ({@link Nodes}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "junction.market.source", havingValue = "chain")
class ChainBuildConfiguration {

    /**
     * Each configured chain lists exactly the adapters its deployment has (one per configured dex and bridge key with
     * an on-chain adapter); a provider without one is not executable there (3008).
     */
    @Bean
    AdapterDirectory chainAdapters(ChainsSettings chains) {
        return AdapterDirectory.deployed(JunctionContracts.adapters(chains.all()),
                JunctionContracts.legReceivers(chains.all()));
    }

    @Bean
    TransactionChecks onChainChecks(Nodes nodes) {
        return new NodeTransactionChecks(nodes);
    }
}
