package dev.junction.webhooks.internal;

import dev.junction.store.PeriodicTask;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Keeps the outbox from growing for ever: every ten minutes it deletes delivered and dead deliveries, the events no
 * delivery waits for, followers, and ended watches older than {@code junction.webhooks.retention} (default 7 days).
 * Pending deliveries are never deleted (they end DEAD after {@code max-age}, then age out).
 */
final class OutboxPurge implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OutboxPurge.class);

    static final Duration INTERVAL = Duration.ofMinutes(10);

    private final DeliveryRepository deliveries;
    private final OutboxRepository events;
    private final WatchRepository watches;
    private final Duration retention;
    private final LongSupplier clock;
    private final PeriodicTask task = new PeriodicTask("webhooks-purge", INTERVAL, this::purge);
    private volatile boolean running;

    OutboxPurge(DeliveryRepository deliveries, OutboxRepository events, WatchRepository watches, Duration retention,
            LongSupplier clock) {
        this.deliveries = deliveries;
        this.events = events;
        this.watches = watches;
        this.retention = retention;
        this.clock = clock;
    }

    /** One pass; returns the rows deleted. */
    int purge() {
        long before = clock.getAsLong() - retention.toMillis();
        int n = deliveries.purge(before) + events.purge(before) + watches.purge(before);
        if (n > 0) {
            log.info("webhooks purge: {} rows older than {} deleted", n, retention);
        }
        return n;
    }

    @Override
    public void start() {
        task.start();
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        try {
            task.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
