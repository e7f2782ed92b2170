package dev.junction.api.web;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import java.time.Duration;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rate limit's token buckets, one per client. In memory (Caffeine) on H2: each instance counts alone. On
 * PostgreSQL in table {@code rate_limit_buckets} (Bucket4j's PostgreSQL backend, {@code SELECT ... FOR UPDATE} of the
 * client's row in one short transaction per request), so N instances on one database together allow the configured
 * rate, not N times it. While the database cannot be reached, a request is counted in this instance's memory instead
 * (limits per instance until it is back) rather than refused: an outage of the shared store is no outage of the API.
 * Rows idle for their refill time are deleted by {@link #removeExpired()}.
 */
final class RateLimitBuckets {

    private static final Logger log = LoggerFactory.getLogger(RateLimitBuckets.class);

    /** Rows removed per pass of {@link #removeExpired()}. */
    static final int EXPIRED_BATCH = 1_000;

    private final BucketConfiguration configuration;
    private final Cache<String, Bucket> local;
    private final PostgreSQLSelectForUpdateBasedProxyManager<String> shared;
    private volatile long lastWarningMs;

    private RateLimitBuckets(AccessProperties.RateLimit limit, PostgreSQLSelectForUpdateBasedProxyManager<String> shared) {
        this.configuration = BucketConfiguration.builder().addLimit(Bandwidth.builder().capacity(limit.capacity())
                .refillGreedy(limit.capacity(), limit.period()).build()).build();
        // Maintenance on the request's own thread, as the quote cache does: the default hands it to the common
        // pool, whose thread was then woken and parked again many times a second under load.
        this.local = Caffeine.newBuilder().maximumSize(limit.maxClients()).expireAfterAccess(Duration.ofMinutes(10))
                .executor(Runnable::run).build();
        this.shared = shared;
    }

    /** Buckets in this instance's memory. */
    static RateLimitBuckets inMemory(AccessProperties.RateLimit limit) {
        return new RateLimitBuckets(limit, null);
    }

    /**
     * Buckets in PostgreSQL's {@code rate_limit_buckets}, shared by every instance on {@code dataSource}.
     *
     * @param clock Bucket4j's time (wall clock: instances compare it through the stored state)
     */
    static RateLimitBuckets shared(AccessProperties.RateLimit limit, DataSource dataSource, TimeMeter clock) {
        return new RateLimitBuckets(limit, Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING).table("rate_limit_buckets").idColumn("id")
                .stateColumn("state").expiresAtColumn("expires_at").clientClock(clock)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                        Duration.ofSeconds(10)))
                .build());
    }

    /** Whether the buckets are shared through the database. */
    boolean isShared() {
        return shared != null;
    }

    /** Takes one token of {@code client}'s bucket, when it has one. */
    ConsumptionProbe consume(String client) {
        if (shared != null) {
            try {
                return shared.builder().build(client, () -> configuration).tryConsumeAndReturnRemaining(1);
            } catch (RuntimeException e) {
                long now = System.currentTimeMillis();
                if (now - lastWarningMs > 60_000) {
                    lastWarningMs = now;
                    log.warn("rate-limit buckets in the database unavailable, counting in memory: {}", e.toString());
                }
            }
        }
        return local.get(client, k -> Bucket.builder().addLimit(configuration.getBandwidths()[0]).build())
                .tryConsumeAndReturnRemaining(1);
    }

    /** Deletes shared buckets idle for longer than their refill time; the number deleted (0 in memory). */
    int removeExpired() {
        return shared == null ? 0 : shared.removeExpired(EXPIRED_BATCH);
    }
}
