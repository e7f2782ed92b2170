package dev.junction.execution.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.execution.Substatus;
import dev.junction.execution.SwapState;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.SwapView;
import dev.junction.execution.network.ChainTx;
import dev.junction.market.MarketSnapshot;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 12, item 6: a swap whose step keeps failing is retried a bounded number of times with growing delays, then
 * ends FAILED with a substatus naming why (it used to be retried every second forever).
 */
class SwapRetryTest {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aStepThatKeepsFailingEndsFailedAfterTheConfiguredAttempts(String db) throws Exception {
        RetryPolicy policy = new RetryPolicy(3, 10, 40);
        try (Harness h = Harness.of(db, 1, 0, true, policy)) {
            h.runner.stop(); // so the swap cannot run before its pool is gone
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(BigInteger.ONE,
                    Instant.ofEpochMilli(h.network.now()).plusSeconds(600), null));
            // the pool disappears from the market: every attempt to run the source transaction throws
            h.market.update(s -> new MarketSnapshot(s.version() + 1, s.chains(), s.tokens(), s.providers(),
                    s.pools().stream().filter(p -> !p.id().equals(TestMarket.ETH_POOL)).toList(), s.lanes()));
            h.runner.start();

            SwapView v = h.awaitTerminal(sub.swapId(), Duration.ofSeconds(30));

            assertThat(v.state()).isEqualTo(SwapState.FAILED);
            assertThat(v.substatus()).isEqualTo(Substatus.RETRIES_EXHAUSTED);
            assertThat(v.message()).contains("3 attempts").contains("no pool " + TestMarket.ETH_POOL);
            assertThat(h.jdbc.sql("SELECT attempts FROM swaps WHERE id = ?").param(sub.swapId()).query(Integer.class)
                    .single()).isEqualTo(3);
            assertThat(h.jdbc.sql("SELECT event FROM swap_events WHERE swap_id = ? ORDER BY id").param(sub.swapId())
                    .query(String.class).list()).containsExactly("SUBMITTED", "RETRIES_EXHAUSTED");
            assertThat(h.network.countSent(sub.swapId(), ChainTx.TxKind.SOURCE)).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2"})
    void aSucceedingStepClearsTheFailureCount(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true, new RetryPolicy(3, 10, 40))) {
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(BigInteger.ONE,
                    Instant.ofEpochMilli(h.network.now()).plusSeconds(3600), null));

            assertThat(h.awaitTerminal(sub.swapId(), Duration.ofSeconds(30)).state()).isEqualTo(SwapState.DONE);
            assertThat(h.jdbc.sql("SELECT attempts FROM swaps WHERE id = ?").param(sub.swapId()).query(Integer.class)
                    .single()).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 20, 40})
    void delaysGrowExponentiallyWithJitterUpToTheCap(int failures) {
        RetryPolicy policy = new RetryPolicy(50, 1_000, 60_000);
        long ceiling = Math.min(60_000, 1_000L << Math.min(failures - 1, 30));
        SplittableRandom random = new SplittableRandom(failures);
        List<Long> delays = IntStream.range(0, 200).mapToObj(i -> policy.delayMs(failures, random))
                .toList();

        assertThat(delays).allSatisfy(d -> assertThat(d).isBetween(ceiling / 2, ceiling));
        assertThat(delays.stream().distinct().count()).as("jittered").isGreaterThan(1);
    }
}
