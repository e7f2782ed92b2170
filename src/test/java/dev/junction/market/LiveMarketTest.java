package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.snapshot.SnapshotMarketSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
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

    @Test
    void aDerivedValueIsComputedByTheWriterBeforeTheSnapshotIsPublished() {
        LiveMarket market = new LiveMarket(FIXTURE);
        List<Long> computedFor = new CopyOnWriteArrayList<>();
        MarketSnapshot.Derivation<String> derivation = s -> {
            computedFor.add(s.version());
            return "derived from " + s.version();
        };
        market.deriveOnUpdate(derivation);
        assertThat(market.current().hasDerived(derivation)).isTrue();
        MarketSnapshot next = market.update(s -> s.withPools(List.of(s.pools().getFirst())));
        // published with its value: readers find it, and nobody computes it again
        assertThat(next.hasDerived(derivation)).isTrue();
        assertThat(market.current().derived(derivation)).isEqualTo("derived from " + next.version());
        assertThat(market.current().derived(derivation)).isSameAs(next.derived(derivation));
        assertThat(computedFor).containsExactly(FIXTURE.version(), next.version());
    }

    @Test
    void readersNeverWaitForAnUpdateUnderWay() throws Exception {
        LiveMarket market = new LiveMarket(FIXTURE);
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        long first = FIXTURE.version();
        MarketSnapshot.Derivation<Long> derivation = s -> {
            if (s.version() > first) {
                entered.countDown();
                await(release); // the writer is still building the next snapshot's derived values
            }
            return s.version();
        };
        market.deriveOnUpdate(derivation);
        Thread writer = Thread.ofPlatform().start(() -> market.update(s -> s.withPools(List.of(s.pools().getFirst()))));
        try {
            await(entered);
            // the reader is answered while the writer is held: the snapshot in force, whole, with its derived value
            try (ExecutorService reader = Executors.newSingleThreadExecutor()) {
                MarketSnapshot read = reader.submit(market::current).get(30, TimeUnit.SECONDS);
                assertThat(read).isSameAs(FIXTURE);
                assertThat(read.derived(derivation)).isEqualTo(first);
            }
            assertThat(writer.isAlive()).isTrue();
            assertThat(release.getCount()).isEqualTo(1);
        } finally {
            release.countDown();
            writer.join();
        }
        assertThat(market.current().version()).isEqualTo(first + 1);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
