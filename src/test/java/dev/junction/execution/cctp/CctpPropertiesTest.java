package dev.junction.execution.cctp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The redeemer's settings: validation and the backoff of a failing row. */
class CctpPropertiesTest {

    static CctpProperties props(Duration poll, Map<Long, Long> starts) {
        return new CctpProperties(URI.create("https://iris-api.circle.com"), Duration.ofSeconds(10), poll, starts,
                true);
    }

    @Test
    void theBackoffDoublesFromThePollIntervalUpToTenMinutes() {
        CctpProperties p = props(Duration.ofSeconds(5), null);
        assertThat(p.backoffMs(1)).isEqualTo(5_000);
        assertThat(p.backoffMs(2)).isEqualTo(10_000);
        assertThat(p.backoffMs(4)).isEqualTo(40_000);
        assertThat(p.backoffMs(8)).isEqualTo(600_000);
        assertThat(p.backoffMs(1_000)).isEqualTo(600_000);
        assertThat(p.startBlocks()).isEmpty();
    }

    @Test
    void aLegNotYetAttestedIsAskedAboutLessOftenAsItAges() {
        CctpProperties p = props(Duration.ofSeconds(5), Map.of());
        assertThat(p.attestationWaitMs(0)).isEqualTo(5_000);
        assertThat(p.attestationWaitMs(120_000)).isEqualTo(12_000);
        assertThat(p.attestationWaitMs(3_600_000)).isEqualTo(60_000);
    }

    @Test
    void nonPositiveWaitsAndNegativeStartBlocksAreRefused() {
        assertThatThrownBy(() -> props(Duration.ZERO, Map.of())).hasMessageContaining("poll-interval");
        assertThatThrownBy(() -> props(Duration.ofSeconds(1), Map.of(1L, -1L)))
                .hasMessageContaining("start-blocks.1");
        assertThatThrownBy(() -> new CctpProperties(URI.create("http://x"), Duration.ZERO, Duration.ofSeconds(1),
                Map.of(), true)).hasMessageContaining("attestation-timeout");
    }
}
