package dev.junction.api.web;

import dev.junction.api.ApiVersion;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.slf4j.MDC;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id: the client's {@code X-Request-Id} when it is 1 to 128 visible ASCII characters, else a new
 * UUID. The id is echoed in the response header, put in the log MDC as {@code requestId}, and every response also
 * carries {@code API-Version}.
 */
@Component
@Order(FilterOrder.REQUEST_ID)
class RequestIdFilter extends OncePerRequestFilter {

    static final String HEADER = "X-Request-Id";
    static final String MDC_KEY = "requestId";
    static final String ATTRIBUTE = RequestIdFilter.class.getName() + ".id";
    private static final Pattern SAFE = Pattern.compile("[\\x21-\\x7e]{1,128}");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // an error dispatch (/error) keeps the id of the request that failed
        String id = (String) request.getAttribute(ATTRIBUTE);
        if (id == null) {
            String given = request.getHeader(HEADER);
            id = given != null && SAFE.matcher(given).matches() ? given : newId();
            request.setAttribute(ATTRIBUTE, id);
        }
        response.setHeader(HEADER, id);
        response.setHeader("API-Version", ApiVersion.CURRENT);
        MDC.put(MDC_KEY, id);
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove(MDC_KEY);
        }
    }

    /**
     * A version-4-shaped random UUID from the thread's fast generator: a request id must be unique, not unguessable,
     * and {@code UUID.randomUUID()} serialises every request on the platform's SecureRandom.
     */
    static String newId() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long msb = (r.nextLong() & ~0xF000L) | 0x4000L;
        long lsb = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb).toString();
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }
}
