package dev.junction.gasless;

import dev.junction.routing.RouteMode;
import java.util.Locale;
import java.util.Optional;

/** {@code rankingMode} of GET /gasless/quote and the planner objective each one means. */
public enum RankingMode {
    /** Best net output value: the planner's {@code max_value}. */
    VALUE_MAX("value_max", RouteMode.MAX_VALUE),
    /** Value with a cost of time: the planner's {@code suggested}. */
    BALANCED("balanced", RouteMode.SUGGESTED),
    /** Fastest route: the planner's {@code fastest}. */
    SPEED_MAX("speed_max", RouteMode.FASTEST);

    private final String wire;
    private final RouteMode routeMode;

    RankingMode(String wire, RouteMode routeMode) {
        this.wire = wire;
        this.routeMode = routeMode;
    }

    public String wire() {
        return wire;
    }

    RouteMode routeMode() {
        return routeMode;
    }

    /**
     * The mode for the parameter; omitted means {@link #VALUE_MAX}.
     *
     * @throws GaslessException {@link GaslessFailure#INVALID_PARAMETER} for any other value
     */
    public static RankingMode parse(String text) {
        if (text == null) {
            return VALUE_MAX;
        }
        return ofWire(text.trim()).orElseThrow(() -> new GaslessException(GaslessFailure.INVALID_PARAMETER,
                "rankingMode must be one of value_max, balanced, speed_max; was '" + text + "'", "rankingMode"));
    }

    /** The mode whose wire value is {@code text} (case-insensitive, not trimmed), if any. */
    public static Optional<RankingMode> ofWire(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        for (RankingMode m : values()) {
            if (m.wire.equals(t)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
