package dev.junction.execution;

/** The shape of a route. {@link #wire()} is the API form. */
public enum RouteKind {
    /** Swaps on one chain, no bridge. */
    SAME_CHAIN_SWAP("sameChainSwap"),
    /** A bridge transfer only (the token arrives as bridged). */
    BRIDGE("bridge"),
    /** Swaps around a bridge. */
    CROSS_CHAIN_SWAP("crossChainSwap");

    private final String wire;

    RouteKind(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
