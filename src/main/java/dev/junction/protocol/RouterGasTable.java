package dev.junction.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Junction's router gas table as read ({@code router-gas.json} beside this class; {@link RouterGas} explains what it
 * measures): the router's own figures by name, and each room's step rows under {@code steps.<key>}. A figure that is
 * missing or not a positive integer is refused naming it, when its room asks for it.
 */
public final class RouterGasTable {

    /** The table's resource, next to this class. */
    static final String RESOURCE = "router-gas.json";

    private final JsonNode table;

    private RouterGasTable(JsonNode table) {
        this.table = table;
    }

    /** Reads a table (the measured one is {@link RouterGas#measured()}'s). */
    public static RouterGasTable read(InputStream json) throws IOException {
        return new RouterGasTable(JsonMapper.builder().build().readTree(json));
    }

    /**
     * A top-level figure, e.g. {@code base} or {@code v3TickCrossed}.
     *
     * @throws IllegalStateException when it is missing or not a positive integer
     */
    public long figure(String name) {
        return units(table.path(name), name);
    }

    /**
     * A step row, {@code steps.<key>}.
     *
     * @throws IllegalStateException when it or one of its two figures is missing or not a positive integer
     */
    public StepGas step(String key) {
        JsonNode row = table.path("steps").path(key);
        return new StepGas(units(row.path("first"), key + ".first"), units(row.path("later"), key + ".later"));
    }

    /**
     * The step row {@code steps.<key>} when the table has one; empty when it has none (not measured).
     *
     * @throws IllegalStateException when the row is there but a figure is missing or not a positive integer
     */
    public Optional<StepGas> measuredStep(String key) {
        return table.path("steps").has(key) ? Optional.of(step(key)) : Optional.empty();
    }

    private static long units(JsonNode v, String name) {
        if (!v.isIntegralNumber() || v.asLong() <= 0) {
            throw new IllegalStateException(RESOURCE + ": " + name + " must be a positive integer, found " + v);
        }
        return v.asLong();
    }
}
