package dev.junction.status;

import dev.junction.execution.ChainRelay;
import dev.junction.execution.Swaps;
import dev.junction.market.ChainMode;
import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import dev.junction.nodes.Nodes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chain mode ({@code junction.market.source=chain}): GET /status reads the configured chains' nodes through the
 * nodes module's clients (one per chain, shared with the market's followers), at the market's heads.
 */
@Configuration(proxyBeanMethods = false)
@ChainMode
class ChainStatusConfiguration {

    @Bean
    ChainStatus chainStatus(Nodes nodes, Market market) {
        return new ChainStatus(nodes.chains().all(), nodes::find, market::current);
    }

    /** Chain mode's GET /status: the configured chains' nodes, the relayer's replacements, the executor's swaps. */
    @Bean
    StatusLookup chainStatusLookup(ChainStatus chainStatus, ChainRelay relay, Swaps swaps, Market market,
            SimulationClock clock) {
        return new ChainStatusLookup(chainStatus, relay, new SandboxStatusLookup(swaps, market, clock));
    }
}
