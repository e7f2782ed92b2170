package dev.junction.api.instance;

import java.time.Instant;

/**
 * One start of a Junction process.
 *
 * @param instanceId random UUID of that process
 * @param host host name it ran on
 * @param version Junction's version
 * @param startedAt when it started
 * @param stoppedAt when it stopped gracefully, or null (running, or killed)
 */
public record InstanceRecord(String instanceId, String host, String version, Instant startedAt, Instant stoppedAt) {
}
