package dev.junction.api.web;

import dev.junction.api.ErrorCode;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Token-bucket rate limits (Bucket4j): one bucket per valid API key, else per client IP ({@code remoteAddr}; set
 * {@code server.forward-headers-strategy} behind a proxy). Each bucket holds {@code capacity} requests and refills
 * {@code capacity} per {@code period}; on PostgreSQL the buckets are shared by every instance ({@link RateLimitBuckets}). Every limited response carries {@code RateLimit-Limit},
 * {@code RateLimit-Remaining} and {@code RateLimit-Reset} (seconds until the bucket is full again); a request beyond
 * the limit is answered 429 / 2003 with {@code Retry-After} (seconds). {@code /actuator/**} is not limited.
 */
@Component
@Order(FilterOrder.RATE_LIMIT)
class RateLimitFilter extends OncePerRequestFilter {

    private final AccessProperties.RateLimit limit;
    private final Callers callers;
    private final ErrorResponses errors;
    private final RateLimitBuckets buckets;

    RateLimitFilter(AccessProperties properties, Callers callers, ErrorResponses errors, RateLimitBuckets buckets) {
        this.limit = properties.rateLimit();
        this.callers = callers;
        this.errors = errors;
        this.buckets = buckets;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !limit.enabled() || path.startsWith("/actuator/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ConsumptionProbe probe = buckets.consume(callers.bucket(request));
        response.setHeader("RateLimit-Limit", Long.toString(limit.capacity()));
        response.setHeader("RateLimit-Remaining", Long.toString(probe.getRemainingTokens()));
        response.setHeader("RateLimit-Reset", Long.toString(seconds(probe.getNanosToWaitForReset())));
        if (probe.isConsumed()) {
            chain.doFilter(request, response);
            return;
        }
        long retry = Math.max(1, seconds(probe.getNanosToWaitForRefill()));
        response.setHeader("Retry-After", Long.toString(retry));
        errors.write(response, ErrorCode.RATE_LIMITED,
                "the rate limit of " + limit.capacity() + " requests per " + limit.period().toSeconds()
                        + " seconds is exhausted; retry after " + retry + " seconds", null);
    }

    private static long seconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }
}
