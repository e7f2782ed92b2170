package dev.junction.routing;

import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.USDC;
import static dev.junction.support.TestMarket.WETH;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.support.TestMarket;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gate before a cross-chain segment's own candidate search ({@link SplitPlanner#worthSearching}): on a chain whose
 * gas is free, the gas rule alone would search for any impact at all; a path losing under 10 bp of its output to
 * impact is not searched (a split wins back at most that), a path losing more is.
 */
class SplitSearchFloorTest {

    private static final MarketSnapshot FREE_GAS = new TestMarket().chain(ETH, "eth", 12_000, 0, WETH)
            .token(ETH, WETH, "WETH", 18, 3000).token(ETH, USDC, "USDC", 6, 1)
            .v2("eth:uni:weth-usdc", ETH, "uniswap-v2", WETH, USDC, units("10000", 18), units("30000000", 6), 30,
                    60_000_000.0)
            .snapshot();

    private static boolean worthSearching(String weth) {
        RoutePlanner planner = new RoutePlanner();
        RouteRequest request = RouteRequest.of(ETH, WETH, ETH, USDC, units(weth, 18));
        List<RouteStep> path = planner.plan(FREE_GAS, request).getFirst().steps();
        RouteGraph graph = planner.graph(FREE_GAS);
        QuoteMemo memo = new QuoteMemo();
        SplitPlanner splits = new SplitPlanner(graph, memo, new PathEvaluator(graph, memo, request), 4);
        return splits.worthSearching(path, request.amountAfterFee());
    }

    @Test
    void aPathLosingUnderTenBasisPointsToImpactIsNotSearchedEvenWhenGasIsFree() {
        // 1 WETH in a 10,000 WETH pool: about 1 bp of impact
        assertThat(worthSearching("1")).isFalse();
    }

    @Test
    void aPathLosingMoreIsSearched() {
        // 100 WETH: about 1% of impact
        assertThat(worthSearching("100")).isTrue();
    }
}
