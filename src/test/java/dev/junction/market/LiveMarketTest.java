package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.snapshot.SnapshotMarketSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LiveMarketTest {

    private static final MarketSnapshot FIXTURE =
            new SnapshotMarketSource("classpath:market-fixtures/valid/snapshot.json").load();

    @Test
    void anUpdateSwapsInTheNewSnapshotAndReadersKeepTheOneTheyTook() {
        LiveMarket market = new LiveMarket(FIXTURE);
        MarketSnapshot taken = market.current();
        Token weth = taken.tokens().get(1);
        MarketSnapshot next = market.update(s -> s.withPrices(Map.of(weth.key(), 3500.0)));
        assertThat(next.version()).isEqualTo(taken.version() + 1);
        assertThat(market.current()).isSameAs(next);
        assertThat(taken.tokens().get(1).priceUsd()).isEqualTo(weth.priceUsd());
        assertThat(next.tokens().get(1).priceUsd()).isEqualTo(3500.0);
    }

    @Test
    void concurrentUpdatesAreNeverLost() throws InterruptedException {
        LiveMarket market = new LiveMarket(FIXTURE);
        long start = market.current().version();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            for (int i = 0; i < 200; i++) {
                pool.submit(() -> market.update(s -> s.withPools(List.of(s.pools().getFirst()))));
            }
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(market.current().version()).isEqualTo(start + 200);
    }

    @Test
    void anUpdateThatDoesNotAdvanceTheVersionIsRefused() {
        LiveMarket market = new LiveMarket(FIXTURE);
        MarketSnapshot s = market.current();
        MarketSnapshot same = new MarketSnapshot(s.version(), s.chains(), s.tokens(), s.providers(), s.pools(), s.lanes());
        assertThatThrownBy(() -> market.update(x -> same)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("newer version");
        assertThat(market.current()).isSameAs(s);
        assertThat(market.update(x -> x)).isSameAs(s);
    }
}
