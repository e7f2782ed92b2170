package dev.junction.api.web;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code junction.security.*} and {@code junction.rate-limit.*}.
 *
 * @param security API keys
 * @param rateLimit token buckets per API key, or per client IP
 */
@ConfigurationProperties("junction")
public record AccessProperties(@DefaultValue Security security, @DefaultValue RateLimit rateLimit) {

    /**
     * @param apiKeys accepted {@code X-API-Key} values; empty (the default) = no key required
     */
    public record Security(@DefaultValue List<String> apiKeys) {

        public Security {
            apiKeys = apiKeys.stream().map(String::trim).filter(k -> !k.isEmpty()).toList();
        }
    }

    /**
     * @param enabled whether requests are limited (default true)
     * @param capacity requests one client may make in a burst, and per {@code period} sustained (default 1200)
     * @param period the refill period (default 1 minute)
     * @param maxClients buckets kept in memory; idle ones expire after 10 minutes (default 100000)
     */
    public record RateLimit(@DefaultValue("true") boolean enabled, @DefaultValue("1200") long capacity,
            @DefaultValue("1m") Duration period, @DefaultValue("100000") long maxClients) {

        public RateLimit {
            if (capacity < 1 || period.isZero() || period.isNegative() || maxClients < 1) {
                throw new IllegalArgumentException(
                        "junction.rate-limit.capacity, period and max-clients must be positive");
            }
        }
    }
}
