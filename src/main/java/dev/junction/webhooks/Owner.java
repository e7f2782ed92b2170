package dev.junction.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Whom a webhook, a watch or a swap's status changes belong to: the API key that made them (stored as a digest, never
 * the key), or {@link #ANYONE} when no API keys are configured (then every webhook sees every followed swap).
 *
 * @param value {@code key:} and the first 32 hex digits of the key's SHA-256, or the empty string for {@link #ANYONE}
 */
public record Owner(String value) {

    /** The owner of everything when Junction requires no API key. */
    public static final Owner ANYONE = new Owner("");

    public Owner {
        Objects.requireNonNull(value, "value");
        if (!value.isEmpty() && !value.matches("key:[0-9a-f]{32}")) {
            throw new IllegalArgumentException("an owner is empty or key: and 32 hex digits");
        }
    }

    /** The owner of what {@code apiKey} makes. */
    public static Owner ofApiKey(String apiKey) {
        return new Owner("key:" + digest(apiKey).substring(0, 32));
    }

    /** Hex SHA-256 of {@code text} (UTF-8): how an API key is named where it is stored. */
    public static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return value.isEmpty() ? "anyone" : value;
    }
}
