package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.SimulationClock;
import dev.junction.support.TestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/** {@link GaslessQuotePurge}: the cutoff is the clock's now minus the retention, in Unix seconds, exclusive. */
class GaslessQuotePurgeTest {

    static final Instant NOW = Instant.parse("2026-11-25T00:00:00Z");

    @Test
    void aQuoteIsDeletedOnlyOnceItsDeadlineIsMoreThanTheRetentionAgo() {
        try (TestDatabase db = TestDatabase.h2()) {
            GaslessQuoteStore store = new GaslessQuoteStore(new JdbcTemplate(db.dataSource()));
            long cutoff = NOW.minus(Duration.ofHours(2)).getEpochSecond();
            QuoteRecord older = QuoteRecordTest.record("0x" + "1".repeat(64), 1, cutoff - 1);
            QuoteRecord atCutoff = QuoteRecordTest.record("0x" + "2".repeat(64), 2, cutoff);
            store.issue(older, NOW);
            store.issue(atCutoff, NOW);
            GaslessQuotePurge purge = new GaslessQuotePurge(store,
                    new SimulationClock(Clock.fixed(NOW, ZoneOffset.UTC), 600), Duration.ofHours(2));

            assertThat(purge.purge()).isOne();
            assertThat(store.find(older.quoteId())).isEmpty();
            assertThat(store.find(atCutoff.quoteId())).isPresent();
        }
    }

    @Test
    void aNegativeRetentionIsRefusedByName() {
        SimulationClock clock = new SimulationClock(Clock.fixed(NOW, ZoneOffset.UTC), 1);
        assertThatThrownBy(() -> new GaslessQuotePurge(null, clock, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("junction.gasless.retention");
    }
}
