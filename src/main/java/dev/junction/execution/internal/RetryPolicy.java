package dev.junction.execution.internal;

import java.util.random.RandomGenerator;

/**
 * How the runner retries a swap whose step failed: the n-th consecutive failure waits a random time in
 * {@code [d/2, d]} with {@code d = min(maxDelayMs, baseDelayMs * 2^(n-1))} (exponential backoff with "equal jitter",
 * so instances retrying the same broken dependency spread out); after {@code maxAttempts} consecutive failures the
 * swap ends FAILED / RETRIES_EXHAUSTED. Delays are wall-clock ms, whatever the simulation clock speed.
 */
public record RetryPolicy(int maxAttempts, long baseDelayMs, long maxDelayMs) {

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("junction.execution.max-attempts must be >= 1");
        }
        if (baseDelayMs < 1 || maxDelayMs < baseDelayMs) {
            throw new IllegalArgumentException(
                    "junction.execution.retry-base-ms must be >= 1 and retry-max-ms >= retry-base-ms");
        }
    }

    /** The wait after the {@code failures}-th consecutive failure (>= 1), ms. */
    public long delayMs(int failures, RandomGenerator random) {
        int shift = Math.min(Math.max(failures, 1) - 1, 40);
        long ceiling = baseDelayMs > (maxDelayMs >> shift) ? maxDelayMs : Math.min(maxDelayMs, baseDelayMs << shift);
        long half = ceiling / 2;
        return half + random.nextLong(ceiling - half + 1);
    }

    /** Whether {@code failures} consecutive failures exhaust the attempts. */
    public boolean exhausted(int failures) {
        return failures >= maxAttempts;
    }
}
