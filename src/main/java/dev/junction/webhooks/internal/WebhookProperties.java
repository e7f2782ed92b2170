package dev.junction.webhooks.internal;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code junction.webhooks.*}.
 *
 * @param enabled whether deliveries and watches run on this instance (default true); the outbox is written either way
 * @param allowedHosts hosts (names or literal addresses, exact, case-insensitive) a webhook URL may use with plain http
 *     and whatever they resolve to, loopback included; for local use and tests. Empty by default: only https to public
 *     addresses
 * @param maxAge how long an event is retried before it is marked dead (default 24 h)
 * @param retryBase the first retry's delay; each next one doubles, with jitter (default 1 s)
 * @param retryMax the longest delay between two attempts (default 10 min)
 * @param timeout one delivery's time limit, connect and answer (default 10 s)
 * @param pollInterval how often an idle dispatcher looks for due deliveries (a local commit wakes it at once)
 * @param parallelism deliveries in flight per instance
 * @param maxPerKey webhooks one owner may register
 * @param watchInterval how often a watched transaction's status is read again
 * @param watchMaxAge how long a watch is followed before Junction gives up on it
 * @param streamHeartbeat time between two heartbeats of a status stream
 * @param streamPollInterval how often an open stream looks for new events written by other instances
 * @param streamTimeout a stream's longest life; the client reconnects with {@code Last-Event-ID}
 * @param retention how long delivered and dead deliveries, their events and ended watches are kept
 */
@ConfigurationProperties("junction.webhooks")
public record WebhookProperties(@DefaultValue("true") boolean enabled, @DefaultValue List<String> allowedHosts,
        @DefaultValue("24h") Duration maxAge, @DefaultValue("1s") Duration retryBase,
        @DefaultValue("10m") Duration retryMax, @DefaultValue("10s") Duration timeout,
        @DefaultValue("500ms") Duration pollInterval, @DefaultValue("16") int parallelism,
        @DefaultValue("20") int maxPerKey, @DefaultValue("2s") Duration watchInterval,
        @DefaultValue("24h") Duration watchMaxAge, @DefaultValue("15s") Duration streamHeartbeat,
        @DefaultValue("500ms") Duration streamPollInterval, @DefaultValue("30m") Duration streamTimeout,
        @DefaultValue("7d") Duration retention) {

    public WebhookProperties {
        allowedHosts = allowedHosts.stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty())
                .toList();
        for (Duration d : List.of(maxAge, retryBase, retryMax, timeout, pollInterval, watchInterval, watchMaxAge,
                streamHeartbeat, streamPollInterval, streamTimeout, retention)) {
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("junction.webhooks durations must be positive");
            }
        }
        if (parallelism < 1 || maxPerKey < 1) {
            throw new IllegalArgumentException("junction.webhooks.parallelism and max-per-key must be positive");
        }
        if (retryMax.compareTo(retryBase) < 0) {
            throw new IllegalArgumentException("junction.webhooks.retry-max must be at least retry-base");
        }
    }

    /**
     * How long an instance holds a delivery it is sending: longer than any attempt can take, so no other instance
     * sends the same event to the same webhook at the same time.
     */
    public Duration lease() {
        return timeout.multipliedBy(3).plusSeconds(5);
    }

    /** The delay before attempt {@code failures + 1}: base x 2^(failures-1), capped, a random point in its upper half. */
    long retryDelayMs(int failures, double random) {
        long base = retryBase.toMillis();
        long cap = retryMax.toMillis();
        long d = failures >= 40 ? cap : Math.min(cap, base << Math.max(0, failures - 1));
        return d / 2 + (long) (random * (d - d / 2));
    }
}
