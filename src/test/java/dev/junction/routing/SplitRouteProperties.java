package dev.junction.routing;

import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.USDC;
import static dev.junction.support.TestMarket.USDT;
import static dev.junction.support.TestMarket.WETH;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Split routes on random markets of WETH/USDC pools on two DEXes and a WETH -> USDT -> USDC path, of random depths and
 * prices, for trades from 0.01 to 2,000 WETH: the planner's best route with splits on is never worth less than its best
 * single path (net of gas, and in output when it splits), and legs that share a pool are simulated one after the other
 * on the state the previous leg left (a split over one pool twice never delivers more than one swap of the sum).
 */
class SplitRouteProperties {

    private static MarketSnapshot market(long uniWeth, long sushiWeth, int sushiPriceBps, long usdtWeth) {
        TestMarket m = new TestMarket().chain(ETH, "eth", 12_000, 20, WETH)
                .token(ETH, WETH, "WETH", 18, 3000).token(ETH, USDC, "USDC", 6, 1).token(ETH, USDT, "USDT", 6, 1);
        BigInteger sushiUsdc = units(Long.toString(sushiWeth * 3000), 6).multiply(BigInteger.valueOf(sushiPriceBps))
                .divide(BigInteger.valueOf(10_000));
        m.v2("eth:uni:weth-usdc", ETH, "uniswap-v2", WETH, USDC, units(Long.toString(uniWeth), 18),
                units(Long.toString(uniWeth * 3000), 6), 30, uniWeth * 6000.0)
                .v2("eth:sushi:weth-usdc", ETH, "sushiswap", WETH, USDC, units(Long.toString(sushiWeth), 18), sushiUsdc,
                        30, sushiWeth * 6000.0)
                .v2("eth:uni:weth-usdt", ETH, "uniswap-v2", WETH, USDT, units(Long.toString(usdtWeth), 18),
                        units(Long.toString(usdtWeth * 3000), 6), 30, usdtWeth * 6000.0)
                .v2("eth:uni:usdt-usdc", ETH, "uniswap-v2", USDT, USDC, units("50000000", 6), units("50000000", 6), 5,
                        1e8);
        return m.snapshot();
    }

    @Property(tries = 200)
    void aSplitIsNeverWorthLessThanItsBestSinglePath(@ForAll @LongRange(min = 50, max = 20_000) long uniWeth,
            @ForAll @LongRange(min = 10, max = 20_000) long sushiWeth,
            @ForAll @IntRange(min = 9_900, max = 10_100) int sushiPriceBps,
            @ForAll @LongRange(min = 10, max = 20_000) long usdtWeth,
            @ForAll @LongRange(min = 1, max = 200_000) long centiWeth) {
        MarketSnapshot snapshot = market(uniWeth, sushiWeth, sushiPriceBps, usdtWeth);
        RouteRequest request = RouteRequest.of(ETH, WETH, ETH, USDC, units(Long.toString(centiWeth), 16));
        PlannedRoute withSplits = new RoutePlanner().plan(snapshot, request).getFirst();
        PlannedRoute single = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1)).plan(snapshot, request)
                .getFirst();
        Statistics.label("split").collect(withSplits.pathType() == PathType.SAME_CHAIN_SPLIT_SWAP);
        // the tries exercise both outcomes: trades that split and trades that stay single-path
        Statistics.label("split").coverage(c -> {
            c.check(true).percentage(p -> p > 10);
            c.check(false).percentage(p -> p > 10);
        });
        assertThat(withSplits.netValueUsd()).isGreaterThanOrEqualTo(single.netValueUsd());
        if (withSplits.pathType() == PathType.SAME_CHAIN_SPLIT_SWAP) {
            assertThat(withSplits.amountOut()).isGreaterThan(single.amountOut());
            assertThat(withSplits.legs()).isBetween(2, 4);
            // the shares sum to the whole input and the legs spend exactly it
            int shares = 0;
            BigInteger spent = BigInteger.ZERO;
            for (int i = 0; i < withSplits.steps().size(); i++) {
                RouteStep s = withSplits.steps().get(i);
                if (i == 0 || withSplits.steps().get(i - 1).leg().index() != s.leg().index()) {
                    shares += s.leg().shareBps();
                    spent = spent.add(s.fromAmount());
                }
            }
            assertThat(shares).isEqualTo(Leg.WHOLE);
            assertThat(spent).isEqualTo(request.amountAfterFee());
        }
    }

    @Property(tries = 200)
    void legsSharingAPoolRunOnTheStateThePreviousLegLeft(@ForAll @LongRange(min = 10, max = 20_000) long uniWeth,
            @ForAll @LongRange(min = 1, max = 200_000) long centiWeth, @ForAll @IntRange(min = 1, max = 9_999) int share) {
        MarketSnapshot snapshot = market(uniWeth, 100, 10_000, 100);
        BigInteger amount = units(Long.toString(centiWeth), 16);
        RouteRequest request = RouteRequest.of(ETH, WETH, ETH, USDC, amount);
        RouteGraph graph = new RouteGraph(snapshot, 3);
        QuoteMemo memo = new QuoteMemo();
        SplitPlanner splits = new SplitPlanner(graph, memo, new PathEvaluator(graph, memo, request), 4);
        Pool uni = snapshot.pool("eth:uni:weth-usdc").orElseThrow();
        List<RouteStep> direct = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1).withMaxSteps(1))
                .plan(snapshot, request).stream().filter(r -> r.steps().getFirst().pool().equals(uni)).findFirst()
                .orElseThrow().steps();
        List<RouteStep> twice = splits.simulate(List.of(direct, direct), List.of(share, Leg.WHOLE - share), amount);
        BigInteger first = amount.multiply(BigInteger.valueOf(share)).divide(BigInteger.valueOf(Leg.WHOLE));
        if (first.signum() == 0 || twice == null) {
            return;
        }
        BigInteger second = amount.subtract(first);
        // by hand: the second swap on the pool the first one left
        BigInteger a = uni.quote(WETH, USDC, first).amountOut();
        BigInteger b = uni.afterSwap(WETH, USDC, first).quote(WETH, USDC, second).amountOut();
        assertThat(twice.get(0).toAmount()).isEqualTo(a);
        assertThat(twice.get(1).toAmount()).isEqualTo(b);
        BigInteger oneSwap = uni.quote(WETH, USDC, amount).amountOut();
        assertThat(PlannedRoute.amountOut(twice)).isEqualTo(a.add(b)).isLessThanOrEqualTo(oneSwap);
        // what a simulation that sees the pool twice at its starting state would claim
        BigInteger naive = a.add(uni.quote(WETH, USDC, second).amountOut());
        Statistics.label("naive above one swap").collect(naive.compareTo(oneSwap) > 0);
        // the case the sequential simulation exists for: seeing the pool twice at its start would claim more
        Statistics.label("naive above one swap").coverage(c -> c.check(true).percentage(p -> p > 50));
    }
}
