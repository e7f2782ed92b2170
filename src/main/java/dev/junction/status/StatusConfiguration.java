package dev.junction.status;

import dev.junction.execution.Swaps;
import dev.junction.market.Market;
import dev.junction.market.SandboxMode;
import dev.junction.market.SimulationClock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The sandbox's GET /status: the executor's swaps (chain mode's is in {@link ChainStatusConfiguration}). */
@Configuration(proxyBeanMethods = false)
class StatusConfiguration {

    @Bean
    @SandboxMode
    StatusLookup sandboxStatusLookup(Swaps swaps, Market market, SimulationClock clock) {
        return new SandboxStatusLookup(swaps, market, clock);
    }
}
