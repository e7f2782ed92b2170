package dev.junction.api.web;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.springframework.stereotype.Component;

/** The configured API keys ({@code junction.security.api-keys}). */
@Component
class ApiKeys {

    static final String HEADER = "X-API-Key";

    private final List<byte[]> keys;

    ApiKeys(AccessProperties properties) {
        this.keys = properties.security().apiKeys().stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** Whether keys are configured, so requests need one. */
    boolean required() {
        return !keys.isEmpty();
    }

    /** Whether {@code key} is one of the configured keys (compared in constant time per key). */
    boolean valid(String key) {
        if (key == null) {
            return false;
        }
        byte[] given = key.getBytes(StandardCharsets.UTF_8);
        boolean found = false;
        for (byte[] k : keys) {
            found |= MessageDigest.isEqual(k, given);
        }
        return found;
    }
}
