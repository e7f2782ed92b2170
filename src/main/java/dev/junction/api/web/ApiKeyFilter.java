package dev.junction.api.web;

import dev.junction.api.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * When {@code junction.security.api-keys} is set, every request except {@code /actuator/health} (and its groups) must
 * carry one of the keys in {@code X-API-Key}; otherwise it is answered 401 / 2001. The playground's static files
 * ({@code /}, {@code /playground/**}) hold no data and pass: the page sends the key its user types.
 */
@Component
@Order(FilterOrder.API_KEY)
class ApiKeyFilter extends OncePerRequestFilter {

    private final ApiKeys keys;
    private final ErrorResponses errors;

    private final Playground playground;

    ApiKeyFilter(ApiKeys keys, ErrorResponses errors, Playground playground) {
        this.keys = keys;
        this.errors = errors;
        this.playground = playground;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String given = request.getHeader(ApiKeys.HEADER);
        if (!keys.required() || isHealth(request) || playground.isPage(request) || keys.valid(given)) {
            chain.doFilter(request, response);
            return;
        }
        errors.write(response, ErrorCode.UNAUTHORIZED, given == null ? "the X-API-Key header is required"
                : "the X-API-Key header does not hold a valid API key", null);
    }

    static boolean isHealth(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals("/actuator/health") || path.startsWith("/actuator/health/");
    }
}
