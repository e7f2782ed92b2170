package dev.junction.routing;

import java.util.List;

/**
 * The shape of a route. {@link #wire()} is the {@code pathType} value: {@code sameChainSwap} (swaps only),
 * {@code bridge} (bridge steps only) or {@code crossChainSwap} (bridge steps and swaps).
 */
public enum PathType {
    SAME_CHAIN_SWAP("sameChainSwap"), BRIDGE("bridge"), CROSS_CHAIN_SWAP("crossChainSwap");

    private final String wire;

    PathType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    static PathType of(List<RouteStep> steps) {
        long bridges = steps.stream().filter(s -> s.kind() == StepKind.BRIDGE).count();
        if (bridges == 0) {
            return SAME_CHAIN_SWAP;
        }
        return bridges == steps.size() ? BRIDGE : CROSS_CHAIN_SWAP;
    }
}
