package dev.junction.status;

import dev.junction.chainmarket.ChainMarket;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.Swaps;
import dev.junction.market.ChainMode;
import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chain mode ({@code junction.market.source=chain}): GET /status reads the configured chains' nodes through the
 * chain market's JSON-RPC clients (one client per chain, shared with the market's followers), at the market's heads.
 */
@Configuration(proxyBeanMethods = false)
@ChainMode
class ChainStatusConfiguration {

    @Bean
    ChainStatus chainStatus(ChainMarket chains, Market market) {
        return new ChainStatus(chains.settings(), chains::rpc, market::current);
    }

    /** Chain mode's GET /status: the configured chains' nodes, the relayer's replacements, the executor's swaps. */
    @Bean
    StatusLookup chainStatusLookup(ChainStatus chainStatus, ChainRelay relay, Swaps swaps, Market market,
            SimulationClock clock) {
        return new ChainStatusLookup(chainStatus, relay, new SandboxStatusLookup(swaps, market, clock));
    }
}
