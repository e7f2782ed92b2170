package dev.junction.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.BothDatabases;
import dev.junction.support.TestDatabase;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Rate-limit buckets shared through PostgreSQL: two instances on one database together allow the configured rate (60
 * of 120 requests of one key), on H2 each instance counts alone (120 of 120); and what a shared bucket costs a request,
 * measured (printed, not asserted: docs/DECISIONS.md, "Shared rate limits").
 */
class SharedRateLimitTest {

    static final AccessProperties.RateLimit SIXTY_A_MINUTE = new AccessProperties.RateLimit(true, 60,
            Duration.ofMinutes(1), 1_000);

    /** Bucket4j's time, moved by the test: no refill happens while the requests run. */
    static final class TestTime implements TimeMeter {
        final AtomicLong nanos = new AtomicLong(System.currentTimeMillis() * 1_000_000L);

        @Override
        public long currentTimeNanos() {
            return nanos.get();
        }

        @Override
        public boolean isWallClockBased() {
            return true;
        }
    }

    static RateLimitBuckets instance(TestDatabase db, TimeMeter time) {
        return RateLimitStore.isPostgres(db.dataSource())
                ? RateLimitBuckets.shared(SIXTY_A_MINUTE, db.dataSource(), time)
                : RateLimitBuckets.inMemory(SIXTY_A_MINUTE);
    }

    @BothDatabases
    void twoInstancesOnPostgresTogetherAllowTheRateOnH2EachCountsAlone(TestDatabase db) {
        TestTime time = new TestTime();
        RateLimitBuckets a = instance(db, time);
        RateLimitBuckets b = instance(db, time);
        assertThat(a.isShared()).isEqualTo(db.isPostgres());
        int through = 0;
        for (int i = 0; i < 120; i++) {
            if ((i % 2 == 0 ? a : b).consume("key:0123").isConsumed()) {
                through++;
            }
        }
        assertThat(through).isEqualTo(db.isPostgres() ? 60 : 120);
        if (db.isPostgres()) {
            assertThat(a.consume("key:0123").isConsumed()).isFalse();
            assertThat(b.consume("ip:127.0.0.1").isConsumed()).as("another client has its own bucket").isTrue();
            time.nanos.addAndGet(Duration.ofSeconds(2).toNanos());
            assertThat(b.consume("key:0123").getRemainingTokens()).as("refilled one a second, one taken").isEqualTo(1);
        }
    }

    @Test
    void whatASharedBucketCostsARequest() {
        try (TestDatabase db = TestDatabase.postgres()) {
            RateLimitBuckets shared = RateLimitBuckets.shared(new AccessProperties.RateLimit(true, 1_000_000,
                    Duration.ofMinutes(1), 1_000), db.dataSource(), TimeMeter.SYSTEM_MILLISECONDS);
            RateLimitBuckets memory = RateLimitBuckets.inMemory(SIXTY_A_MINUTE);
            for (int i = 0; i < 100; i++) {
                shared.consume("warm-up");
                memory.consume("warm-up");
            }
            int n = 500;
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                shared.consume("key:one");
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                shared.consume("key:" + i);
            }
            long t2 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                memory.consume("key:one");
            }
            long t3 = System.nanoTime();
            System.out.printf("rate-limit bucket per request (PostgreSQL at %s, %d requests each): shared, one client"
                    + " %.0f us; shared, a new client each %.0f us; in memory %.2f us%n", TestDatabase.POSTGRES_URL, n,
                    (t1 - t0) / 1e3 / n, (t2 - t1) / 1e3 / n, (t3 - t2) / 1e3 / n);
            assertThat(shared.consume("key:one").isConsumed()).isTrue();
        }
    }
}
