package dev.junction.routing;

import java.util.Locale;

/**
 * How routes are ranked. {@link #parse(String)} maps the wire value; anything unrecognised (or none) is
 * {@link #MAX_VALUE}.
 */
public enum RouteMode {
    /** Net value descending: {@code amountOutUsd - gasFeeUsd}. */
    MAX_VALUE("max_value"),
    /** Path time ascending, ties by net value descending. */
    FASTEST("fastest"),
    /** Net value less a cost of time, descending (see {@link RouteRanking#suggestedScore}). */
    SUGGESTED("suggested");

    private final String wire;

    RouteMode(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The mode for a {@code routeMode} parameter; null, blank, unknown or space-padded values give
     * {@link #MAX_VALUE}. */
    public static RouteMode parse(String text) {
        if (text == null) {
            return MAX_VALUE;
        }
        String t = text.toLowerCase(Locale.ROOT);
        for (RouteMode m : values()) {
            if (m.wire.equals(t)) {
                return m;
            }
        }
        return MAX_VALUE;
    }
}
