package dev.junction.webhooks.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The retry schedule: exponential from retry-base, capped at retry-max, a random point in the upper half. */
class WebhookPropertiesTest {

    static WebhookProperties props(Duration base, Duration max) {
        return new WebhookProperties(true, List.of(" LocalHost "), Duration.ofHours(24), base, max,
                Duration.ofSeconds(10), Duration.ofMillis(500), 16, 20, Duration.ofSeconds(2), Duration.ofHours(24),
                Duration.ofSeconds(15), Duration.ofMillis(500), Duration.ofMinutes(30), Duration.ofDays(7));
    }

    @Test
    void delaysDoubleWithJitterUpToTheCap() {
        WebhookProperties p = props(Duration.ofSeconds(1), Duration.ofMinutes(10));
        assertThat(p.retryDelayMs(1, 0)).isEqualTo(500);
        assertThat(p.retryDelayMs(1, 0.999)).isBetween(500L, 1000L);
        assertThat(p.retryDelayMs(2, 0)).isEqualTo(1000);
        assertThat(p.retryDelayMs(4, 1)).isEqualTo(8000);
        assertThat(p.retryDelayMs(11, 0)).isEqualTo(300_000);
        assertThat(p.retryDelayMs(11, 1)).isEqualTo(600_000);
        assertThat(p.retryDelayMs(1_000, 1)).isEqualTo(600_000);
        assertThat(p.allowedHosts()).containsExactly("localhost");
        assertThat(p.lease()).isEqualTo(Duration.ofSeconds(35)).isGreaterThan(p.timeout().multipliedBy(2));
    }

    @Test
    void nonsenseIsRefusedAtStart() {
        assertThatThrownBy(() -> props(Duration.ofSeconds(5), Duration.ofSeconds(1)))
                .hasMessageContaining("retry-max");
        assertThatThrownBy(() -> props(Duration.ZERO, Duration.ofSeconds(1))).hasMessageContaining("positive");
    }
}
