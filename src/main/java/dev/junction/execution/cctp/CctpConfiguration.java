package dev.junction.execution.cctp;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.execution.relayer.RelayerProperties;
import dev.junction.execution.relayer.Relayers;
import dev.junction.market.ChainMode;
import dev.junction.market.SandboxMode;
import dev.junction.nodes.Nodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The CCTP redeemer of each mode: the sandbox has none (its embedded network runs destination legs itself); chain
 * mode redeems with Junction's relayer ({@link ChainCctpRedeemer}) when a relayer key is configured and
 * {@code junction.cctp.redeem} is not false.
 */
@Configuration(proxyBeanMethods = false)
class CctpConfiguration {

    private static final Logger log = LoggerFactory.getLogger(CctpConfiguration.class);

    @Bean
    @SandboxMode
    CctpRedeemer sandboxCctpRedeemer() {
        return CctpRedeemer.NONE;
    }

    @Bean
    @ChainMode
    CctpRedeemer chainCctpRedeemer(CctpProperties props, RelayerProperties relayer, Nodes nodes,
            AdapterDirectory adapters, Relayers relayers, JdbcClient jdbc, PlatformTransactionManager txManager) {
        if (!props.redeem() || !relayer.enabled()) {
            log.info("CCTP redeemer off ({}): CCTP legs and calls are left to whoever redeems Circle's attestations",
                    props.redeem() ? "no junction.relayer.private-key" : "junction.cctp.redeem=false");
            return CctpRedeemer.NONE;
        }
        return new ChainCctpRedeemer(nodes.chains().all(), nodes::find, adapters, relayers,
                new CctpRedemptionStore(jdbc), new TransactionTemplate(txManager),
                new IrisClient(props.attestationUrl(), props.attestationTimeout()), props,
                System::currentTimeMillis);
    }
}
