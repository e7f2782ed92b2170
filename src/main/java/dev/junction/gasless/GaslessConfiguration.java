package dev.junction.gasless;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.Swaps;
import dev.junction.market.ChainMode;
import dev.junction.market.SandboxMode;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The instance's one {@link GaslessExecutor}: the sandbox's executor, or in chain mode Junction's relayer, whose fee
 * carries {@code junction.gasless.fee-margin-percent} (default {@value #DEFAULT_FEE_MARGIN_PERCENT}) on its gas.
 */
@Configuration(proxyBeanMethods = false)
class GaslessConfiguration {

    static final int DEFAULT_FEE_MARGIN_PERCENT = 25;

    @Bean
    @SandboxMode
    GaslessExecutor sandboxGaslessExecutor(Swaps swaps) {
        return new SandboxGaslessExecutor(swaps);
    }

    @Bean
    @ChainMode
    GaslessExecutor chainGaslessExecutor(ChainRelay relay, Swaps swaps, AdapterDirectory adapters,
            @Value("${junction.gasless.fee-margin-percent:" + DEFAULT_FEE_MARGIN_PERCENT + "}") int feeMarginPercent) {
        return new ChainGaslessExecutor(relay, swaps, adapters, feeMarginPercent);
    }
}
