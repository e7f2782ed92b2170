package dev.junction.routing;

import static dev.junction.support.TestMarket.ARB;
import static dev.junction.support.TestMarket.ARB_WETH;
import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.WETH;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.protocol.RouterGas;
import dev.junction.protocol.across.Across;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Cross-chain split routes on random markets: WETH -> USDC on two DEXes of the source chain, an Across-like USDC lane,
 * USDC -> WETH on two DEXes of the destination, of random depths, for trades from 0.01 to 2,000 WETH. The planner's
 * best route with splits on is never worth less than its best single path (net of gas, and in output when it splits);
 * the bridge stays one step; each split segment's shares sum to 10000 and its legs spend exactly the segment's input
 * (the amount after the fee before the bridge, the bridge's output after it).
 */
class CrossChainSplitProperties {

    private static MarketSnapshot market(long ethUni, long ethSushi, long arbUni, long arbSushi) {
        return TestMarket.crossChainPairs(ethUni, ethSushi, arbUni, arbSushi).snapshot();
    }

    @Property(tries = 150)
    void aCrossChainSplitIsNeverWorthLessThanItsSinglePathCounterpart(
            @ForAll @LongRange(min = 20, max = 20_000) long ethUni, @ForAll @LongRange(min = 20, max = 20_000) long ethSushi,
            @ForAll @LongRange(min = 20, max = 20_000) long arbUni, @ForAll @LongRange(min = 20, max = 20_000) long arbSushi,
            @ForAll @LongRange(min = 1, max = 200_000) long centiWeth) {
        MarketSnapshot snapshot = market(ethUni, ethSushi, arbUni, arbSushi);
        RouteRequest request = RouteRequest.of(ETH, WETH, ARB, ARB_WETH, units(Long.toString(centiWeth), 16));
        PlannedRoute withSplits;
        PlannedRoute single;
        try {
            withSplits = new RoutePlanner().plan(snapshot, request).getFirst();
            single = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1)).plan(snapshot, request).getFirst();
        } catch (NoRouteException tooSmallOrTooLarge) {
            return;
        }
        boolean split = withSplits.pathType() == PathType.CROSS_CHAIN_SPLIT_SWAP;
        Statistics.label("split").collect(split);
        Statistics.label("split").coverage(c -> {
            c.check(true).percentage(p -> p > 10);
            c.check(false).percentage(p -> p > 10);
        });
        assertThat(withSplits.netValueUsd()).isGreaterThanOrEqualTo(single.netValueUsd());
        assertThat(single.pathType()).isNotEqualTo(PathType.CROSS_CHAIN_SPLIT_SWAP);
        if (!split) {
            assertThat(withSplits.steps()).allSatisfy(s -> assertThat(s.leg()).isNull());
            return;
        }
        assertThat(withSplits.amountOut()).isGreaterThan(single.amountOut());
        assertThat(withSplits.bridgeCount()).isEqualTo(1);
        List<RouteStep> steps = withSplits.steps();
        int bridge = 0;
        while (steps.get(bridge).kind() != StepKind.BRIDGE) {
            bridge++;
        }
        RouteStep crossing = steps.get(bridge);
        assertThat(crossing.leg()).isNull();
        List<RouteStep> source = steps.subList(0, bridge);
        List<RouteStep> destination = steps.subList(bridge + 1, steps.size());
        assertThat(source.getFirst().leg() != null || destination.getFirst().leg() != null).isTrue();
        checkSegment(source, request.amountAfterFee(), crossing.fromAmount());
        checkSegment(destination, crossing.toAmount(), withSplits.amountOut());
        Statistics.label("segment split").collect(source.getFirst().leg() != null ? "source" : "",
                destination.getFirst().leg() != null ? "destination" : "");
    }

    /**
     * With chain mode's gas model (the router's measured rows, Across's hand-over figure), the Across step of a route
     * with destination swaps is charged the gas its filler spends on them at the destination's gas price: the hand-over
     * plus the destination segment's steps, and for a split segment the split's own work for its legs too; the route
     * still beats its single path net of gas.
     */
    @Property(tries = 60)
    void anAcrossStepIsChargedItsDestinationSegmentsGasSplitOrNot(
            @ForAll @LongRange(min = 20, max = 20_000) long arbUni, @ForAll @LongRange(min = 20, max = 20_000) long arbSushi,
            @ForAll @LongRange(min = 1, max = 200_000) long centiWeth) {
        MarketSnapshot generic = market(20_000, 20_000, arbUni, arbSushi);
        MarketSnapshot snapshot = new MarketSnapshot(generic.version(), generic.chains(), generic.tokens(),
                generic.providers(), generic.pools(), generic.lanes(), Map.of(), RouterGas.measured());
        RouteRequest request = RouteRequest.of(ETH, WETH, ARB, ARB_WETH, units(Long.toString(centiWeth), 16));
        PlannedRoute withSplits;
        PlannedRoute single;
        try {
            withSplits = new RoutePlanner().plan(snapshot, request).getFirst();
            single = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1)).plan(snapshot, request).getFirst();
        } catch (NoRouteException tooSmallOrTooLarge) {
            return;
        }
        assertThat(withSplits.netValueUsd()).isGreaterThanOrEqualTo(single.netValueUsd());
        List<RouteStep> steps = withSplits.steps();
        int bridge = 0;
        while (steps.get(bridge).kind() != StepKind.BRIDGE) {
            bridge++;
        }
        RouteStep crossing = steps.get(bridge);
        List<RouteStep> destination = steps.subList(bridge + 1, steps.size());
        boolean split = destination.getFirst().leg() != null;
        Statistics.label("destination split").collect(split);
        long gas = Across.DELIVERY_GAS;
        for (RouteStep s : destination) {
            gas += s.gasUnits();
        }
        if (split) {
            gas += RouterGas.measured().split(destination.getLast().leg().index() + 1);
            checkSegment(destination, crossing.toAmount(), withSplits.amountOut());
        }
        Chain arbitrum = snapshot.chain(ARB).orElseThrow();
        double usd = snapshot.nativeToken(arbitrum).usd(BigInteger.valueOf(gas).multiply(arbitrum.gasPriceWei()));
        BridgeFee expected = BridgeFee.of(crossing.lane(), crossing.fromToken(), crossing.toToken(),
                crossing.fromAmount(), usd);
        assertThat(crossing.bridgeFee()).isEqualTo(expected.fee());
        assertThat(crossing.toAmount()).isEqualTo(expected.amountOut());
    }

    /** A segment spends exactly {@code input} and delivers {@code output}; split, its shares sum to 10000. */
    private static void checkSegment(List<RouteStep> segment, BigInteger input, BigInteger output) {
        if (segment.getFirst().leg() == null) {
            assertThat(segment).allSatisfy(s -> assertThat(s.leg()).isNull());
            assertThat(segment.getFirst().fromAmount()).isEqualTo(input);
            assertThat(segment.getLast().toAmount()).isEqualTo(output);
            return;
        }
        int shares = 0;
        BigInteger spent = BigInteger.ZERO;
        BigInteger delivered = BigInteger.ZERO;
        for (int i = 0; i < segment.size(); i++) {
            RouteStep s = segment.get(i);
            assertThat(s.leg()).isNotNull();
            if (i == 0 || segment.get(i - 1).leg().index() != s.leg().index()) {
                shares += s.leg().shareBps();
                spent = spent.add(s.fromAmount());
            }
            if (i + 1 == segment.size() || segment.get(i + 1).leg().index() != s.leg().index()) {
                delivered = delivered.add(s.toAmount());
            }
        }
        assertThat(shares).isEqualTo(Leg.WHOLE);
        assertThat(spent).isEqualTo(input);
        assertThat(delivered).isEqualTo(output);
    }
}
