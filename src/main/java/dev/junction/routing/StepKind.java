package dev.junction.routing;

/** What a route step does. {@link #wire()} is the {@code stepType} value. */
public enum StepKind {
    SWAP("swap"), BRIDGE("bridge");

    private final String wire;

    StepKind(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
