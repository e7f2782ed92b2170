package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.ChainId;
import dev.junction.market.ChainFreshness;
import dev.junction.market.Market;
import dev.junction.support.TestMarket;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;

/**
 * The gate looks its beans up once the market exists, not per request; until the market exists every request is 9005
 * and looks again; chain freshness, when there is such a bean, still checks every request.
 */
class MarketGateTest {

    @Test
    void looksTheBeansUpOnceAndStillChecksFreshnessPerRequest() {
        List<ChainId> checked = new ArrayList<>();
        CountingProvider<Market> market = new CountingProvider<>(() -> TestMarket.api().market());
        CountingProvider<ChainFreshness> freshness = new CountingProvider<>(() -> checked::add);
        MarketGate gate = new MarketGate(market, freshness);

        for (int i = 0; i < 3; i++) {
            MarketGate.Served served = gate.served();
            served.requireFresh(served.chain("fromChain", "1"));
        }

        assertThat(market.lookups).isOne();
        assertThat(freshness.lookups).isOne();
        assertThat(checked).containsExactly(new ChainId(1), new ChainId(1), new ChainId(1));
    }

    @Test
    void withoutAMarketEveryRequestIsUnavailableAndLooksAgain() {
        Market loaded = TestMarket.api().market();
        Market[] current = {null};
        CountingProvider<Market> market = new CountingProvider<>(() -> current[0]);
        CountingProvider<ChainFreshness> freshness = new CountingProvider<>(() -> null);
        MarketGate gate = new MarketGate(market, freshness);

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(gate::served).isInstanceOfSatisfying(ApiException.class,
                    e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE));
        }
        current[0] = loaded;
        gate.served().requireFresh(gate.served().chain("fromChain", "1"));
        gate.served();

        assertThat(market.lookups).isEqualTo(3);
        assertThat(freshness.lookups).isOne();
    }

    /** A provider that counts its lookups. */
    private static final class CountingProvider<T> implements ObjectProvider<T> {

        private final Supplier<T> bean;
        int lookups;

        CountingProvider(Supplier<T> bean) {
            this.bean = bean;
        }

        @Override
        public T getIfAvailable() {
            lookups++;
            return bean.get();
        }
    }
}
