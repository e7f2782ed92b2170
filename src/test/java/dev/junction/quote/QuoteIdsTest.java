package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** quoteIds are version-7 UUIDs: the creation millisecond first, then random bits; unique and ascending in time. */
class QuoteIdsTest {

    @Test
    void aQuoteIdIsAVersion7UuidOfItsMillisecond() {
        Instant now = Instant.parse("2026-11-24T02:20:00.123Z");
        UUID id = UUID.fromString(QuoteIds.next(now));
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(now.toEpochMilli());
    }

    @Test
    void laterQuotesSortAfterEarlierOnesAndIdsDoNotRepeat() {
        Instant t = Instant.parse("2026-11-24T02:20:00Z");
        Set<String> seen = new HashSet<>();
        String previous = "";
        for (int i = 0; i < 2_000; i++) {
            String id = QuoteIds.next(t.plusMillis(i));
            assertThat(id).isGreaterThan(previous);
            assertThat(seen.add(id)).isTrue();
            previous = id;
        }
        Set<String> sameMillisecond = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            assertThat(sameMillisecond.add(QuoteIds.next(t))).isTrue();
        }
    }
}
