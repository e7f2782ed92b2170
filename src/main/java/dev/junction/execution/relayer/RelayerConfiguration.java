package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsConfig;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Wires one {@link Relayer} per chain when a relayer key is configured: every chain of {@code junction.chains.<id>}
 * (through the rpc module's client over its {@code rpc-url}/{@code rpc-urls}, with failover, and its
 * {@code confirmations}), and the legacy {@code junction.relayer.rpc-urls} for chains not listed there.
 * {@code junction.rpc.timeout} (default 10s) and {@code junction.rpc.max-attempts} (4) tune the clients.
 */
@Configuration(proxyBeanMethods = false)
class RelayerConfiguration {

    @Bean
    Relayers relayers(RelayerProperties props, JdbcClient jdbc, PlatformTransactionManager txManager,
            Environment environment, @Value("${junction.rpc.timeout:10s}") Duration timeout,
            @Value("${junction.rpc.max-attempts:4}") int attempts) {
        if (!props.enabled()) {
            return new Relayers(List.of(), props.pollIntervalMs());
        }
        RelayerKey key = RelayerKey.of(props.privateKey());
        RelayerStore store = new RelayerStore(jdbc);
        TransactionTemplate tx = new TransactionTemplate(txManager);
        RpcSettings rpc = RpcSettings.DEFAULT.withTimeout(timeout).withAttempts(attempts, RpcSettings.DEFAULT.initialBackoff(),
                RpcSettings.DEFAULT.maxBackoff());
        List<Relayer> relayers = new ArrayList<>();
        List<ChainSettings> chains = ChainsConfig.bind(Binder.get(environment));
        for (ChainSettings c : chains) {
            RelayerPolicy policy = new RelayerPolicy(Math.max(1, c.confirmations()), props.replaceAfterBlocks(),
                    props.feeBumpPerMille(), props.gasLimitPerMille());
            relayers.add(new Relayer(c.id(), new JsonRpcEthClient(new JsonRpcClient(c.rpcUrls(), rpc)), key, store,
                    tx, policy, System::currentTimeMillis));
        }
        Set<Long> listed = chains.stream().map(c -> c.id().value()).collect(Collectors.toSet());
        for (Map.Entry<Long, String> e : props.rpcUrls().entrySet()) {
            if (!listed.contains(e.getKey())) {
                relayers.add(new Relayer(ChainId.of(e.getKey()), new JsonRpcEthClient(new JsonRpcClient(
                        List.of(URI.create(e.getValue())), rpc)), key, store, tx, props.policy(),
                        System::currentTimeMillis));
            }
        }
        Address fees = props.feeRecipient() == null || props.feeRecipient().isBlank() ? null
                : Address.evm(props.feeRecipient().strip());
        return new Relayers(relayers, fees, props.pollIntervalMs());
    }

    /** {@code /actuator/health} component {@code relayer} (UP without details while no relayer is configured). */
    @Bean
    RelayerHealthIndicator relayerHealthIndicator(Relayers relayers) {
        return new RelayerHealthIndicator(relayers);
    }
}
