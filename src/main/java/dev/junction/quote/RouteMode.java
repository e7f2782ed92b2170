package dev.junction.quote;

import java.util.Locale;

/**
 * {@code routeMode} of {@code /quote} and {@code /build-best-path}: how routes are ranked. Any other value, or none,
 * is {@link #MAX_VALUE}, as the interface says.
 */
public enum RouteMode {
    /** Ranks by speed. */
    FASTEST("fastest"),
    /** Ranks by output value (the default). */
    MAX_VALUE("max_value"),
    /** Balanced ranking. */
    SUGGESTED("suggested");

    private final String wire;

    RouteMode(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The mode named by {@code text} (case-insensitive), else {@link #MAX_VALUE}. */
    public static RouteMode parseOrDefault(String text) {
        for (RouteMode m : values()) {
            if (m.wire.equals(text == null ? null : text.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        return MAX_VALUE;
    }
}
