package dev.junction.execution.internal;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code junction.execution.*}.
 *
 * @param runnerEnabled whether this instance drives swaps (default true; false = accept and track only)
 * @param leaseSeconds how long (wall clock) an instance holds a swap it works on; a dead instance's swaps are taken
 *     over after this long
 * @param pollIntervalMs how often (wall clock) the runner looks for due swaps when not woken by a submission
 * @param parallelism swaps one instance advances at the same time
 * @param relayer account that sends gasless source, destination and refund transactions
 * @param maxAttempts consecutive failed steps after which a swap ends FAILED / RETRIES_EXHAUSTED (default 10)
 * @param retryBaseMs wall-clock wait after the first failed step; doubled per further failure, with jitter
 * @param retryMaxMs cap of that wait (default 5 minutes)
 */
@ConfigurationProperties("junction.execution")
public record ExecutionProperties(@DefaultValue("true") boolean runnerEnabled, @DefaultValue("15") int leaseSeconds,
        @DefaultValue("100") int pollIntervalMs, @DefaultValue("16") int parallelism,
        @DefaultValue("0x00000000000000000000000000000000000a11ce") String relayer,
        @DefaultValue("10") int maxAttempts, @DefaultValue("1000") long retryBaseMs,
        @DefaultValue("300000") long retryMaxMs) {

    public ExecutionProperties {
        if (leaseSeconds < 1) {
            throw new IllegalArgumentException("junction.execution.lease-seconds must be >= 1");
        }
        if (pollIntervalMs < 1) {
            throw new IllegalArgumentException("junction.execution.poll-interval-ms must be >= 1");
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("junction.execution.parallelism must be >= 1");
        }
        new RetryPolicy(maxAttempts, retryBaseMs, retryMaxMs);
    }

    /** The retry policy these properties describe (validated on binding). */
    public RetryPolicy retryPolicy() {
        return new RetryPolicy(maxAttempts, retryBaseMs, retryMaxMs);
    }
}
