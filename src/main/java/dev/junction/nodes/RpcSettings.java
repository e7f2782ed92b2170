package dev.junction.nodes;

import java.time.Duration;
import org.springframework.boot.context.properties.bind.Binder;

/**
 * How a {@link JsonRpcClient} talks to its nodes: {@code junction.rpc.*} ({@link #bind}), one setting for every
 * chain's client.
 *
 * @param timeout per HTTP request (connect and answer)
 * @param maxAttempts attempts of one request over all URLs before it fails (>= 1)
 * @param initialBackoff pause after every URL failed once, doubled after each further round
 * @param maxBackoff cap of the pause (and of a 429's Retry-After)
 * @param maxBatchSize calls per HTTP request; a larger batch is sent as several (geth's default limit is 1000)
 * @param primaryRetry after failing over, how long the client stays on the later URL before trying the first again
 */
public record RpcSettings(Duration timeout, int maxAttempts, Duration initialBackoff, Duration maxBackoff,
        int maxBatchSize, Duration primaryRetry) {

    public static final RpcSettings DEFAULT = new RpcSettings(Duration.ofSeconds(10), 4, Duration.ofMillis(200),
            Duration.ofSeconds(2), 500, Duration.ofSeconds(60));

    public RpcSettings {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be > 0");
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1");
        }
        if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("backoff must be >= 0 and maxBackoff >= initialBackoff");
        }
        if (maxBatchSize < 1) {
            throw new IllegalArgumentException("maxBatchSize must be >= 1");
        }
    }

    /** The prefix of the client properties. */
    public static final String PREFIX = "junction.rpc";

    /**
     * {@code junction.rpc.timeout} (default 10s), {@code max-attempts} (4), {@code initial-backoff} (200ms),
     * {@code max-backoff} (2s) and {@code max-batch-size} (500); {@link #primaryRetry()} is {@link #DEFAULT}'s.
     */
    public static RpcSettings bind(Binder binder) {
        return new RpcSettings(
                binder.bind(PREFIX + ".timeout", Duration.class).orElse(DEFAULT.timeout()),
                binder.bind(PREFIX + ".max-attempts", Integer.class).orElse(DEFAULT.maxAttempts()),
                binder.bind(PREFIX + ".initial-backoff", Duration.class).orElse(DEFAULT.initialBackoff()),
                binder.bind(PREFIX + ".max-backoff", Duration.class).orElse(DEFAULT.maxBackoff()),
                binder.bind(PREFIX + ".max-batch-size", Integer.class).orElse(DEFAULT.maxBatchSize()),
                DEFAULT.primaryRetry());
    }

    public RpcSettings withTimeout(Duration t) {
        return new RpcSettings(t, maxAttempts, initialBackoff, maxBackoff, maxBatchSize, primaryRetry);
    }

    public RpcSettings withAttempts(int attempts, Duration initial, Duration max) {
        return new RpcSettings(timeout, attempts, initial, max, maxBatchSize, primaryRetry);
    }
}
