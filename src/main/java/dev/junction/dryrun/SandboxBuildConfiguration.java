package dev.junction.dryrun;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.TransactionChecks;
import dev.junction.execution.Simulator;
import dev.junction.market.Market;
import dev.junction.market.SandboxMode;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The sandbox's building beans, counterparts of chain mode's {@code chainbuild.ChainBuildConfiguration}: every
 * provider's adapter at its derived address (the embedded network runs them all) and the {@link TransactionChecks} that
 * dry-run a built call on the embedded market.
 */
@Configuration(proxyBeanMethods = false)
@SandboxMode
class SandboxBuildConfiguration {

    @Bean
    AdapterDirectory sandboxAdapters() {
        return AdapterDirectory.DERIVED;
    }

    @Bean
    TransactionChecks sandboxChecks(Market market, Simulator simulator) {
        return new SandboxTransactionChecks(market, simulator);
    }
}
