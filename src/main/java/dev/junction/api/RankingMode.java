package dev.junction.api;

import java.util.Locale;

/** {@code rankingMode} of {@code /gasless/quote}: one of the three listed values (case-insensitive); others are 1002. */
public enum RankingMode {
    VALUE_MAX("value_max"), BALANCED("balanced"), SPEED_MAX("speed_max");

    private final String wire;

    RankingMode(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    static RankingMode parse(String name, String text) {
        for (RankingMode m : values()) {
            if (m.wire.equals(text.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw ParamRules.invalid(name, "one of value_max, balanced, speed_max");
    }
}
