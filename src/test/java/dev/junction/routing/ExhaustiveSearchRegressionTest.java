package dev.junction.routing;

import org.junit.jupiter.api.Test;

/**
 * Markets on which {@link ExhaustiveSearchProperties} once failed, pinned so they are checked on every run.
 */
class ExhaustiveSearchRegressionTest {

    /**
     * Two cctp lanes join the same USDC pair with different fees. Both routes have the same step identity, and the
     * planner kept whichever it evaluated first (0.36% short of the best) instead of the better one.
     */
    @Test
    void ofTwoRoutesWithTheSameStepsTheBetterIsKept() {
        new ExhaustiveSearchProperties().topMaxValueRouteIsTheBestSinglePath(18610726253772L, 0, 5, 3, true);
    }

    /**
     * $120k of LINK into thin pools: the only deliverable path has 4 steps (sushiswap, uniswap-v2, curve, across) and
     * 6 partial paths per node were all taken by paths that then failed a lane capacity; 8 keep it.
     */
    @Test
    void aFourStepPathBehindCapacityFailuresIsFound() {
        new ExhaustiveSearchProperties().topMaxValueRouteIsTheBestSinglePath(11577800441787L, 3, 4, 7, true);
    }

    /**
     * About $9 of DAI: the best path bridges first and gains 11.5% over three swaps through pools priced off the
     * reference prices. The search stopped once its best partial path could not beat the kept routes with 5% of
     * upside, though a partial path with three steps left can gain more; the upside is now compounded per step.
     */
    @Test
    void aPathThatGainsValueOnSeveralStepsIsNotCutOff() {
        new ExhaustiveSearchProperties().topMaxValueRouteIsTheBestSinglePath(2312399930689174973L, 2, 5, 4, true);
    }

    /**
     * WETH to WETH across chains: the best path bridges DAI with stargate, and more than 8 partial paths reached DAI on
     * Arbitrum in two steps with better estimates (other lanes) before it; 10 per node keep it.
     */
    @Test
    void aTenthPartialPathAtANodeIsExpanded() {
        new ExhaustiveSearchProperties().topMaxValueRouteIsTheBestSinglePath(2509169864216957833L, 1, 5, 4, true);
    }
}
