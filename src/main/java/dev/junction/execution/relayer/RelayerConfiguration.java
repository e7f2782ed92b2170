package dev.junction.execution.relayer;

import dev.junction.chain.ChainId;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Wires one {@link Relayer} per chain of {@code junction.relayer.rpc-urls} when a relayer key is configured. */
@Configuration(proxyBeanMethods = false)
class RelayerConfiguration {

    @Bean
    Relayers relayers(RelayerProperties props, JdbcClient jdbc, PlatformTransactionManager txManager) {
        if (!props.enabled()) {
            return new Relayers(List.of(), props.pollIntervalMs());
        }
        RelayerKey key = RelayerKey.of(props.privateKey());
        RelayerStore store = new RelayerStore(jdbc);
        TransactionTemplate tx = new TransactionTemplate(txManager);
        List<Relayer> relayers = new ArrayList<>();
        for (Map.Entry<Long, String> e : props.rpcUrls().entrySet()) {
            relayers.add(new Relayer(ChainId.of(e.getKey()), JsonRpcEthClient.of(URI.create(e.getValue()),
                    Duration.ofSeconds(10)), key, store, tx, props.policy(), System::currentTimeMillis));
        }
        return new Relayers(relayers, props.pollIntervalMs());
    }
}
