package dev.junction.webhooks.internal;

import dev.junction.store.WakeableLoop;
import dev.junction.webhooks.WebhookException;
import dev.junction.webhooks.internal.DeliveryRepository.Due;
import dev.junction.webhooks.internal.DeliveryRepository.Key;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Delivers the outbox: takes due deliveries (leased, {@code FOR UPDATE SKIP LOCKED}), sends each signed on a virtual
 * thread ({@code parallelism} at a time) and records the answer. A 2xx is DELIVERED; anything else (non-2xx, timeout,
 * refused connection, a URL that now resolves to a private address) is retried after an exponential backoff with
 * jitter, until {@code max-age} after the event, then DEAD. Woken by a commit of this instance; polls for the others'.
 */
final class Dispatcher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

    /** How often the backlog meters are read from the database, ms. */
    static final long BACKLOG_EVERY_MS = 5_000;

    private final DeliveryRepository deliveries;
    private final UrlPolicy policy;
    private final WebhookClient client;
    private final TransactionTemplate tx;
    private final WebhookProperties props;
    private final WebhookMetrics metrics;
    private final String instance;
    private final LongSupplier clock;
    private final Semaphore permits;
    private final WakeableLoop loop;
    private long backlogReadAt;

    Dispatcher(DeliveryRepository deliveries, UrlPolicy policy, WebhookClient client, TransactionTemplate tx,
            WebhookProperties props, WebhookMetrics metrics, String instance, LongSupplier clock) {
        this.deliveries = deliveries;
        this.policy = policy;
        this.client = client;
        this.tx = tx;
        this.props = props;
        this.metrics = metrics;
        this.instance = instance;
        this.clock = clock;
        this.permits = new Semaphore(props.parallelism());
        this.loop = WakeableLoop.of("webhook-dispatcher", props.pollInterval().toMillis(), this::pass,
                props.timeout().plusSeconds(5));
    }

    /** Looks for due deliveries now (an event was committed here, or a delivery ended). */
    void wake() {
        loop.wake();
    }

    @Override
    public void start() {
        if (props.enabled()) {
            loop.start();
        }
    }

    @Override
    public void stop() {
        loop.stop();
    }

    @Override
    public boolean isRunning() {
        return loop.running();
    }

    private void pass() {
        long now = clock.getAsLong();
        if (now - backlogReadAt >= BACKLOG_EVERY_MS) {
            metrics.backlog(deliveries.backlog());
            backlogReadAt = now;
        }
        int free = permits.availablePermits();
        if (free == 0) {
            return;
        }
        List<Key> claimed = tx.execute(s -> deliveries.claim(instance, now, now + props.lease().toMillis(), free));
        for (Key k : claimed) {
            permits.acquireUninterruptibly();
            loop.workers().submit(() -> {
                try {
                    attempt(k);
                } catch (RuntimeException e) {
                    log.warn("delivery of {} to {} not recorded (its lease will expire): {}", k.eventId(),
                            k.webhookId(), e.toString());
                } finally {
                    permits.release();
                    wake();
                }
            });
        }
    }

    /** Sends one leased delivery and records the answer. */
    void attempt(Key k) {
        Optional<Due> found = deliveries.due(k);
        if (found.isEmpty()) {
            deliveries.delete(k);
            return;
        }
        Due d = found.get();
        WebhookClient.Answer answer;
        try {
            URI url = policy.check(d.url());
            answer = client.post(url, k.eventId(), d.secret(), d.body(), clock.getAsLong() / 1000);
        } catch (WebhookException refused) {
            answer = new WebhookClient.Answer(null, null, "not sent: " + refused.getMessage());
        }
        long now = clock.getAsLong();
        boolean retry = d.attempts() > 0;
        if (answer.ok()) {
            deliveries.delivered(k, instance, now, answer.httpStatus());
            metrics.attempted(retry, true, false);
            return;
        }
        boolean dead = now - d.createdAtMs() >= props.maxAge().toMillis();
        long next = now + props.retryDelayMs(d.attempts() + 1, ThreadLocalRandom.current().nextDouble());
        deliveries.failed(k, instance, next, answer.httpStatus(), answer.error(), dead);
        metrics.attempted(retry, false, dead);
        if (dead) {
            log.warn("webhook {} did not acknowledge event {} within {}: dead after {} attempts ({})", k.webhookId(),
                    k.eventId(), props.maxAge(), d.attempts() + 1, answer.error());
        }
    }
}
