package dev.junction.api.web;

import dev.junction.webhooks.Owner;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

/**
 * Who calls: with API keys configured, the key of the request ({@link ApiKeyFilter} has checked it), else anyone.
 * What a caller makes (webhooks, watches, gasless swaps) belongs to it; only a digest of the key is ever stored.
 */
@Component
public class Callers {

    private final ApiKeys keys;

    Callers(ApiKeys keys) {
        this.keys = keys;
    }

    /** The owner of what this request makes. */
    public Owner owner(HttpServletRequest request) {
        return keys.required() ? Owner.ofApiKey(request.getHeader(ApiKeys.HEADER)) : Owner.ANYONE;
    }

    /**
     * The rate-limit bucket of the request: its valid API key's digest, else its client IP. Never the raw key: with
     * PostgreSQL the bucket's id is stored.
     */
    String bucket(HttpServletRequest request) {
        String key = request.getHeader(ApiKeys.HEADER);
        return keys.required() && keys.valid(key) ? Owner.ofApiKey(key).value() : "ip:" + request.getRemoteAddr();
    }
}
