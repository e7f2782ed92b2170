package dev.junction.execution;

/** Who sends the source transaction: Junction's gasless executor, or the user's wallet. {@link #wire()} is the API form. */
public enum SwapKind {
    GASLESS("gasless"), DIRECT("direct");

    private final String wire;

    SwapKind(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
