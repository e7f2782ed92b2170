package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.Nodes;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Wires one {@link Relayer} per chain when a relayer key is configured: every chain of {@code junction.chains.<id>}
 * through its node ({@link Nodes}: the client the other readers of that chain share, with its {@code confirmations}),
 * and the legacy {@code junction.relayer.rpc-urls} for chains not listed there (a client of that URL from
 * {@link Nodes#connect}, with the same {@code junction.rpc.*} settings).
 */
@Configuration(proxyBeanMethods = false)
class RelayerConfiguration {

    @Bean
    Relayers relayers(RelayerProperties props, JdbcClient jdbc, PlatformTransactionManager txManager, Nodes nodes) {
        if (!props.enabled()) {
            return new Relayers(List.of(), props.pollIntervalMs());
        }
        RelayerKey key = RelayerKey.of(props.privateKey());
        RelayerStore store = new RelayerStore(jdbc);
        TransactionTemplate tx = new TransactionTemplate(txManager);
        List<Relayer> relayers = new ArrayList<>();
        for (ChainSettings c : nodes.chains().all()) {
            RelayerPolicy policy = new RelayerPolicy(Math.max(1, c.confirmations()), props.replaceAfterBlocks(),
                    props.feeBumpPerMille(), props.gasLimitPerMille());
            relayers.add(new Relayer(c.id(), nodes.of(c.id()), key, store, tx, policy, System::currentTimeMillis));
        }
        for (Map.Entry<Long, String> e : props.rpcUrls().entrySet()) {
            ChainId chain = ChainId.of(e.getKey());
            if (nodes.find(chain).isEmpty()) {
                relayers.add(new Relayer(chain, nodes.connect(URI.create(e.getValue())), key, store, tx,
                        props.policy(), System::currentTimeMillis));
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
