package dev.junction.routing;

import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.USDC;
import static dev.junction.support.TestMarket.WETH;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The route graph's cut of a pair's pools (the {@code poolsPerPair} deepest plus each pool cheaper than every deeper
 * one) on a WETH/USDC pair with more pools than the cut, all at the same price: three deep 30 bp pools, a shallower
 * 5 bp pool, and shallower 30 bp pools of two providers that own no deeper pool.
 */
class PoolCutTest {

    private static final BigInteger DUST = BigInteger.ONE;

    /** WETH/USDC at $3,000 with {@code weth} WETH of depth, {@code feeBps}, and its provider's key as its id's part. */
    private static TestMarket pool(TestMarket m, String provider, long weth, int feeBps) {
        return m.v2("eth:" + provider + ":weth-usdc", ETH, provider, WETH, USDC, units(Long.toString(weth), 18),
                units(Long.toString(weth * 3000), 6), feeBps, weth * 6000.0);
    }

    private static MarketSnapshot market() {
        TestMarket m = new TestMarket().chain(ETH, "eth", 12_000, 20, WETH)
                .token(ETH, WETH, "WETH", 18, 3000).token(ETH, USDC, "USDC", 6, 1);
        pool(m, "uniswap-v2", 10_000, 30);
        pool(m, "sushiswap", 8_000, 30);
        pool(m, "pancakeswap", 6_000, 30);
        pool(m, "cheapswap", 2_000, 5);
        pool(m, "balancer-v2", 1_000, 30);
        pool(m, "shallowswap", 500, 30);
        return m.snapshot();
    }

    private final MarketSnapshot market = market();
    private final RoutePlanner planner = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1));

    private List<PlannedRoute> plan(BigInteger amount, ProviderFilter providers) {
        return planner.plan(market, RouteRequest.of(ETH, WETH, ETH, USDC, amount).withProviders(providers));
    }

    private static String onlyPool(PlannedRoute r) {
        assertThat(r.steps()).hasSize(1);
        return r.steps().getFirst().pool().id();
    }

    @Test
    void includeProviderOfAPoolOutsideTheDeepestFindsItsRoute() {
        // balancer-v2's pool is the fifth deepest and no cheaper than the deeper ones: the unfiltered graph leaves it
        // out, but a request restricted to balancer-v2 cuts among balancer-v2's pools only
        List<PlannedRoute> routes = plan(units("1", 18), new ProviderFilter(Set.of("balancer-v2"), Set.of()));
        assertThat(routes).hasSize(1);
        assertThat(onlyPool(routes.getFirst())).isEqualTo("eth:balancer-v2:weth-usdc");
        Pool balancer = market.pool("eth:balancer-v2:weth-usdc").orElseThrow();
        assertThat(routes.getFirst().amountOut()).isEqualTo(balancer.quote(WETH, USDC, units("1", 18)).amountOut());
        assertThat(plan(units("1", 18), new ProviderFilter(Set.of("shallowswap", "balancer-v2"), Set.of())))
                .extracting(PoolCutTest::onlyPool)
                .containsExactlyInAnyOrder("eth:balancer-v2:weth-usdc", "eth:shallowswap:weth-usdc");
    }

    @Test
    void excludingTheDeepestProvidersLetsTheNextPoolsIn() {
        List<PlannedRoute> routes = plan(units("1", 18),
                new ProviderFilter(Set.of(), Set.of("uniswap-v2", "sushiswap", "pancakeswap")));
        assertThat(routes).extracting(PoolCutTest::onlyPool).containsExactlyInAnyOrder("eth:cheapswap:weth-usdc",
                "eth:balancer-v2:weth-usdc", "eth:shallowswap:weth-usdc");
    }

    @Test
    void aSmallTradeGetsTheLowFeePoolThoughItIsNotAmongTheDeepest() {
        BigInteger in = units("0.1", 18);
        PlannedRoute best = plan(in, ProviderFilter.ALL).getFirst();
        assertThat(onlyPool(best)).isEqualTo("eth:cheapswap:weth-usdc");
        BigInteger deepest = market.pool("eth:uniswap-v2:weth-usdc").orElseThrow().quote(WETH, USDC, in).amountOut();
        assertThat(best.amountOut()).isGreaterThan(deepest);
    }

    @Test
    void theUnfilteredGraphStillCutsPoolsThatAreNeitherDeepNorCheaper() {
        // the graph stays small: of six pools, the three deepest and the cheaper 5 bp pool
        List<PlannedRoute> routes = plan(units("1", 18), ProviderFilter.ALL);
        assertThat(routes).extracting(PoolCutTest::onlyPool).containsExactlyInAnyOrder("eth:uniswap-v2:weth-usdc",
                "eth:sushiswap:weth-usdc", "eth:pancakeswap:weth-usdc", "eth:cheapswap:weth-usdc");
        RouteGraph graph = planner.graph(market);
        assertThat(graph.out[graph.node(ETH, WETH)]).hasSize(4);
        assertThat(graph.forProviders(new ProviderFilter(Set.of("shallowswap"), Set.of())))
                .isSameAs(graph.forProviders(new ProviderFilter(Set.of("SHALLOWSWAP"), Set.of())));
        assertThat(graph.forProviders(ProviderFilter.ALL)).isSameAs(graph);
        // a filter whose pools the cut of all pools keeps anyway plans on the graph itself
        assertThat(graph.forProviders(new ProviderFilter(Set.of("uniswap-v2"), Set.of("sushiswap")))).isSameAs(graph);
    }

    @Test
    void aFilterThatLeavesNoPoolIsStillNoRoute() {
        assertThatThrownBy(() -> plan(DUST, new ProviderFilter(Set.of("nowhere"), Set.of())))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.NO_ROUTE));
    }

    @Test
    void theCutKeepsTheDeepestAndEachPoolCheaperThanEveryDeeperOne() {
        assertThat(RouteGraph.kept(2, 3, 0.997, 0.997)).isTrue();
        assertThat(RouteGraph.kept(3, 3, 0.997, 0.997)).isFalse();
        assertThat(RouteGraph.kept(3, 3, 0.9995, 0.997)).isTrue();
        assertThat(RouteGraph.kept(7, 3, 0.9999, 0.9995)).isTrue();
    }
}
