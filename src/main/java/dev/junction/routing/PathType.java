package dev.junction.routing;

/**
 * The shape of a route. {@link #wire()} is the {@code pathType} value: {@code sameChainSwap} (swaps only),
 * {@code bridge} (bridge steps only), {@code crossChainSwap} (bridge steps and swaps), {@code sameChainSplitSwap}
 * (swaps only, the input split over parallel legs: each step carries its {@link Leg}) or {@code crossChainSplitSwap}
 * (one bridge, and the swaps before it, after it or both split over parallel legs: the steps of a split segment carry
 * their {@link Leg}, numbered from 0 within their chain's segment; the bridge and an unsplit segment's steps carry
 * none).
 */
public enum PathType {
    SAME_CHAIN_SWAP("sameChainSwap"), BRIDGE("bridge"), CROSS_CHAIN_SWAP("crossChainSwap"),
    SAME_CHAIN_SPLIT_SWAP("sameChainSplitSwap"), CROSS_CHAIN_SPLIT_SWAP("crossChainSplitSwap");

    private final String wire;

    PathType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /**
     * The shape of a path of {@code steps} steps of which {@code bridges} are bridges: {@link PlannedRoute#of} has
     * counted them already, for every candidate the planner evaluates.
     */
    static PathType of(int bridges, int steps) {
        if (bridges == 0) {
            return SAME_CHAIN_SWAP;
        }
        return bridges == steps ? BRIDGE : CROSS_CHAIN_SWAP;
    }
}
