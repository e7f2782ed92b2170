package dev.junction.webhooks.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The webhooks' meters ({@code /actuator/prometheus}): {@code junction_webhooks_deliveries_total} (2xx answers),
 * {@code junction_webhooks_failures_total} (attempts that failed), {@code junction_webhooks_retries_total} (attempts
 * after an event's first), {@code junction_webhooks_dead_total} (events given up after {@code max-age}),
 * {@code junction_webhooks_pending} and {@code junction_webhooks_oldest_pending_age_seconds} (the outbox's backlog,
 * read from the database every few seconds by the dispatcher: every instance shows the shared outbox).
 */
final class WebhookMetrics {

    private final Counter deliveries;
    private final Counter failures;
    private final Counter retries;
    private final Counter dead;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong oldestCreatedAtMs = new AtomicLong(-1);

    WebhookMetrics(MeterRegistry registry, LongSupplier clock) {
        deliveries = Counter.builder("junction.webhooks.deliveries").description("Webhook deliveries answered 2xx")
                .register(registry);
        failures = Counter.builder("junction.webhooks.failures")
                .description("Webhook delivery attempts that failed (non-2xx, timeout, refused connection)")
                .register(registry);
        retries = Counter.builder("junction.webhooks.retries")
                .description("Webhook delivery attempts after an event's first").register(registry);
        dead = Counter.builder("junction.webhooks.dead")
                .description("Webhook deliveries given up after junction.webhooks.max-age").register(registry);
        Gauge.builder("junction.webhooks.pending", pending, AtomicLong::get)
                .description("Webhook deliveries not yet answered 2xx").register(registry);
        Gauge.builder("junction.webhooks.oldest.pending.age", oldestCreatedAtMs, o -> {
            long at = o.get();
            return at < 0 ? 0 : Math.max(0, clock.getAsLong() - at) / 1000.0;
        }).baseUnit("seconds").description("Age of the oldest webhook delivery not yet answered 2xx")
                .register(registry);
    }

    void attempted(boolean retry, boolean ok, boolean gaveUp) {
        if (retry) {
            retries.increment();
        }
        if (ok) {
            deliveries.increment();
        } else {
            failures.increment();
        }
        if (gaveUp) {
            dead.increment();
        }
    }

    void backlog(DeliveryRepository.Backlog b) {
        pending.set(b.pending());
        oldestCreatedAtMs.set(b.oldestCreatedAtMs() == null ? -1 : b.oldestCreatedAtMs());
    }
}
