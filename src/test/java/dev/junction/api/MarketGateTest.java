package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.ChainId;
import dev.junction.market.ChainFreshness;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.StaleChainException;
import dev.junction.support.TestMarket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each request is checked against the market's snapshot of that moment, and the chain freshness (chain mode's, or the
 * sandbox's {@link ChainFreshness#ALWAYS}) is asked on every request.
 */
class MarketGateTest {

    @Test
    void eachRequestIsCheckedAgainstTheMarketsCurrentSnapshot() {
        Market market = TestMarket.api().market();
        MarketGate gate = new MarketGate(market, ChainFreshness.ALWAYS);
        MarketSnapshot first = market.current();
        assertThat(gate.served().snapshot()).isSameAs(first);

        MarketSnapshot next = market.update(s -> TestMarket.api().snapshot());

        assertThat(next).isNotSameAs(first);
        assertThat(gate.served().snapshot()).isSameAs(next);
    }

    @Test
    void everyRequestAsksTheChainFreshness() {
        List<ChainId> checked = new ArrayList<>();
        MarketGate gate = new MarketGate(TestMarket.api().market(), checked::add);

        for (int i = 0; i < 3; i++) {
            MarketGate.Served served = gate.served();
            served.requireFresh(served.chain("fromChain", "1"));
        }

        assertThat(checked).containsExactly(new ChainId(1), new ChainId(1), new ChainId(1));
    }

    @Test
    void aStaleChainIsRefusedNamingIt() {
        MarketGate gate = new MarketGate(TestMarket.api().market(), chain -> {
            throw new StaleChainException(chain, "chain " + chain + " is stale");
        });
        MarketGate.Served served = gate.served();

        assertThatThrownBy(() -> served.requireFresh(served.chain("fromChain", "42161")))
                .isInstanceOfSatisfying(StaleChainException.class,
                        e -> assertThat(e.chain()).isEqualTo(new ChainId(42161)));
    }
}
