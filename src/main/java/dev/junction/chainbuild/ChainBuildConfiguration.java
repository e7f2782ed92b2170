package dev.junction.chainbuild;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.TransactionChecks;
import dev.junction.chain.ChainId;
import dev.junction.deploy.JunctionContracts;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsConfig;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Chain mode's building beans ({@code junction.market.source=chain}): where each provider's adapter is (the CREATE2
 * addresses of Junction's deploy command, derived from the chain settings: {@link JunctionContracts#adapters}), and
 * the {@link TransactionChecks} of built transactions through the configured chains' nodes.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "junction.market.source", havingValue = "chain")
class ChainBuildConfiguration {

    /**
     * Each configured chain lists exactly the adapters its deployment has (one per configured dex and bridge key with
     * an on-chain adapter); a provider without one is not executable there (3008).
     */
    @Bean
    AdapterDirectory chainAdapters(Environment environment) {
        return AdapterDirectory.deployed(JunctionContracts.adapters(ChainsConfig.bind(Binder.get(environment))));
    }

    @Bean
    TransactionChecks onChainChecks(Environment environment,
            @Value("${junction.rpc.timeout:10s}") Duration timeout,
            @Value("${junction.rpc.max-attempts:4}") int attempts,
            @Value("${junction.rpc.initial-backoff:200ms}") Duration initialBackoff,
            @Value("${junction.rpc.max-backoff:2s}") Duration maxBackoff,
            @Value("${junction.rpc.max-batch-size:500}") int batch) {
        RpcSettings rpc = new RpcSettings(timeout, attempts, initialBackoff, maxBackoff, batch, Duration.ofSeconds(60));
        List<ChainSettings> chains = ChainsConfig.bind(Binder.get(environment));
        Map<ChainId, JsonRpcClient> nodes = new LinkedHashMap<>();
        for (ChainSettings chain : chains) {
            nodes.put(chain.id(), new JsonRpcClient(chain.rpcUrls(), rpc));
        }
        return new NodeTransactionChecks(nodes);
    }
}
