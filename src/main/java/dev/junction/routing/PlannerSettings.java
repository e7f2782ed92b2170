package dev.junction.routing;

/**
 * Limits of the planner.
 *
 * @param maxSteps longest path, in steps (swaps and bridges), >= 1; 4 by default
 * @param maxRoutes routes returned at most, >= 1; 5 by default
 * @param poolsPerPair pools kept per directed token pair, the deepest by {@code liquidityUsd}, >= 1 (beyond them the
 *     graph keeps each pool cheaper than every deeper one, and a provider filter cuts among its own pools: see
 *     {@code RouteGraph})
 * @param labelsPerNode partial paths expanded per (chain, token) node in the best-first search, >= 1
 * @param candidates complete candidate paths evaluated exactly per request, >= maxRoutes
 * @param maxExpansions upper bound on partial paths taken off the search queue per request
 * @param maxSplits parallel legs a same-chain swap may be split over, >= 1 (1: never split); 4 by default
 */
public record PlannerSettings(int maxSteps, int maxRoutes, int poolsPerPair, int labelsPerNode, int candidates,
        int maxExpansions, int maxSplits) {

    public static final PlannerSettings DEFAULTS = new PlannerSettings(4, 5, 3, 10, 16, 20_000, 4);

    public PlannerSettings {
        if (maxSteps < 1 || maxRoutes < 1 || poolsPerPair < 1 || labelsPerNode < 1 || candidates < maxRoutes
                || maxExpansions < 1 || maxSplits < 1) {
            throw new IllegalArgumentException("planner limits must be >= 1 and candidates >= maxRoutes");
        }
    }

    public PlannerSettings withMaxSteps(int steps) {
        return new PlannerSettings(steps, maxRoutes, poolsPerPair, labelsPerNode, candidates, maxExpansions, maxSplits);
    }

    /** These limits with at most {@code legs} parallel legs per route (1: never split). */
    public PlannerSettings withMaxSplits(int legs) {
        return new PlannerSettings(maxSteps, maxRoutes, poolsPerPair, labelsPerNode, candidates, maxExpansions, legs);
    }
}
