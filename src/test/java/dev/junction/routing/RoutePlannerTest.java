package dev.junction.routing;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.market.Chain;
import dev.junction.market.GasModel;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.market.math.UniswapV2Math;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class RoutePlannerTest {

    private final MarketSnapshot market = TestMarket.standard().snapshot();
    private final RoutePlanner planner = new RoutePlanner();

    private List<PlannedRoute> plan(RouteRequest r) {
        return planner.plan(market, r);
    }

    @Test
    void sameChainSwapIsExactV2MathWithEveryField() {
        BigInteger in = units("1", 18);
        PlannedRoute best = plan(RouteRequest.of(ETH, WETH, ETH, USDC, in)).getFirst();
        assertThat(best.steps()).hasSize(1);
        RouteStep s = best.steps().getFirst();
        BigInteger expected = UniswapV2Math.getAmountOut(in, units("1000", 18), units("3000000", 6), 30);
        assertThat(s.pool().id()).isEqualTo("eth:uni:weth-usdc");
        assertThat(best.amountOut()).isEqualTo(expected).isEqualTo(s.toAmount());
        assertThat(s.fromAmount()).isEqualTo(in);
        assertThat(s.lpFee()).isEqualTo(in.multiply(BigInteger.valueOf(30)).divide(BigInteger.valueOf(10_000)));
        assertThat(s.bridgeFee()).isZero();
        assertThat(s.kind()).isEqualTo(StepKind.SWAP);
        assertThat(s.chain()).isEqualTo(ETH);
        assertThat(s.estimatedSeconds()).isEqualTo(12);
        assertThat(best.pathType()).isEqualTo(PathType.SAME_CHAIN_SWAP);
        assertThat(best.bridgeCount()).isZero();
        assertThat(best.gasLimit()).isEqualTo(BigInteger.valueOf(GasModel.V2_HOP));
        assertThat(best.gasFee()).isEqualTo(BigInteger.valueOf(GasModel.V2_HOP).multiply(BigInteger.valueOf(20_000_000_000L)));
        assertThat(best.gasToken().address()).isEqualTo(Address.NATIVE);
        assertThat(best.gasFeeUsd()).isCloseTo(135_000 * 20e-9 * 3000, Offset.offset(1e-9));
        assertThat(best.amountUsd()).isEqualTo(3000.0);
        assertThat(best.amountOutUsd()).isEqualTo(expected.doubleValue() / 1e6);
        assertThat(best.pathFee()).isEqualTo(s.lpFee());
        assertThat(best.routeAddress()).isEqualTo(ROUTER);
        assertThat(best.providers()).extracting(Provider::key).containsExactly("uniswap-v2");
    }

    @Test
    void integratorFeeIsFlooredAndTakenBeforeTheFirstStep() {
        // 9999 * 30 / 10000 = 29.997 -> 29
        RouteRequest r = RouteRequest.of(ETH, USDC, ETH, USDT, BigInteger.valueOf(9_999_000)).withFeeBps(30);
        assertThat(r.integratorFee()).isEqualTo(BigInteger.valueOf(29_997));
        RouteRequest tiny = RouteRequest.of(ETH, USDC, ETH, USDT, BigInteger.valueOf(3_333_333)).withFeeBps(3);
        assertThat(tiny.integratorFee()).isEqualTo(BigInteger.valueOf(999)); // 999.9999 floors
        PlannedRoute best = plan(tiny).getFirst();
        assertThat(best.integratorFee()).isEqualTo(BigInteger.valueOf(999));
        assertThat(best.steps().getFirst().fromAmount()).isEqualTo(BigInteger.valueOf(3_333_333 - 999));
        assertThat(best.amount()).isEqualTo(BigInteger.valueOf(3_333_333));
        assertThat(best.integratorFeeUsd()).isEqualTo(999 / 1e6);
        assertThat(RouteRequest.of(ETH, USDC, ETH, USDT, BigInteger.ONE).withFeeBps(9_999).integratorFee()).isZero();
    }

    @Test
    void anIntegratorFeeOfTheWholeAmountIsFeesExceedAmount() {
        assertThatThrownBy(() -> plan(RouteRequest.of(ETH, USDC, ETH, USDT, BigInteger.valueOf(5)).withFeeBps(10_000)))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.FEES_EXCEED_AMOUNT))
                .hasMessageContaining("integrator fee of 5");
    }

    @Test
    void crossChainSwapChainsAmountsExactlyAndCountsOnlySourceGas() {
        PlannedRoute r = plan(RouteRequest.of(ETH, WETH, ARB, ARB_WETH, units("2", 18))).getFirst();
        assertThat(r.bridgeCount()).isEqualTo(1);
        assertThat(r.pathType()).isIn(PathType.CROSS_CHAIN_SWAP);
        BigInteger carried = r.steps().getFirst().fromAmount();
        assertThat(carried).isEqualTo(units("2", 18));
        long sourceGas = 0;
        boolean bridged = false;
        for (int i = 0; i < r.steps().size(); i++) {
            RouteStep s = r.steps().get(i);
            assertThat(s.fromAmount()).isEqualTo(carried);
            carried = s.toAmount();
            if (!bridged) {
                sourceGas += s.gasUnits();
            }
            bridged |= s.kind() == StepKind.BRIDGE;
            if (i > 0) {
                assertThat(s.fromToken()).isEqualTo(r.steps().get(i - 1).toToken());
            }
        }
        assertThat(r.amountOut()).isEqualTo(carried);
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(sourceGas));
        assertThat(r.pathTime()).isEqualTo(r.steps().stream().mapToInt(RouteStep::estimatedSeconds).sum());
        assertThat(r.routeAddress()).isEqualTo(ROUTER);
    }

    @Test
    void aPureBridgeIsPathTypeBridgeWithTheLaneFeeModel() {
        BigInteger in = units("1000", 6);
        List<PlannedRoute> routes = plan(RouteRequest.of(ETH, USDC, ARB, ARB_USDC, in));
        PlannedRoute cctp = routes.stream().filter(r -> r.steps().size() == 1
                && r.steps().getFirst().provider().key().equals("cctp")).findFirst().orElseThrow();
        assertThat(cctp.pathType()).isEqualTo(PathType.BRIDGE);
        assertThat(cctp.amountOut()).isEqualTo(in);
        PlannedRoute across = routes.stream().filter(r -> r.steps().size() == 1
                && r.steps().getFirst().provider().key().equals("across")).findFirst().orElseThrow();
        // 5 bps of 1000 USDC = 0.5 USDC, plus $0.50 of destination gas at $1 = 0.5 USDC
        assertThat(across.steps().getFirst().bridgeFee()).isEqualTo(units("1", 6));
        assertThat(across.amountOut()).isEqualTo(units("999", 6));
        assertThat(across.pathFee()).isEqualTo(units("1", 6));
        assertThat(across.pathTime()).isEqualTo(120);
        // max_value ranks by amountOutUsd - gasFeeUsd: across's $1 fee beats cctp's extra 30,000 gas ($1.80 at
        // 20 gwei and $3000)
        assertThat(across.netValueUsd()).isGreaterThan(cctp.netValueUsd());
        assertThat(routes.getFirst()).isSameAs(across);
    }

    @Test
    void aDestinationCallChargesItsGasAtTheDestinationsPriceToEveryBridgeIntoIt() {
        BigInteger in = units("1000", 6);
        long callGas = DestinationCallGas.of("0xcafe", BigInteger.valueOf(90_000));
        RouteRequest plain = RouteRequest.of(ETH, USDC, ARB, ARB_USDC, in);
        List<PlannedRoute> without = plan(plain);
        List<PlannedRoute> with = plan(plain.withDestinationCallGas(callGas));
        Chain arbitrum = market.chain(ARB).orElseThrow();
        double usd = market.nativeToken(arbitrum).usd(BigInteger.valueOf(callGas).multiply(arbitrum.gasPriceWei()));
        BigInteger charge = BigDecimal.valueOf(usd).movePointRight(6).setScale(0, RoundingMode.CEILING)
                .toBigIntegerExact();
        assertThat(charge).isPositive();
        for (String bridge : List.of("across", "cctp")) {
            RouteStep a = only(without, bridge);
            RouteStep b = only(with, bridge);
            assertThat(b.bridgeFee().subtract(a.bridgeFee())).as(bridge).isEqualTo(charge);
            assertThat(a.toAmount().subtract(b.toAmount())).as(bridge).isEqualTo(charge);
            assertThat(b.gasUnits()).as("the source chain's gas is unchanged").isEqualTo(a.gasUnits());
        }
        RouteRequest sameChain = RouteRequest.of(ETH, WETH, ETH, USDC, units("1", 18));
        assertThat(plan(sameChain.withDestinationCallGas(callGas))).as("its gas is in the route's own transaction")
                .isEqualTo(plan(sameChain));
    }

    private static RouteStep only(List<PlannedRoute> routes, String bridge) {
        return routes.stream().filter(r -> r.steps().size() == 1 && r.steps().getFirst().provider().key().equals(bridge))
                .findFirst().orElseThrow().steps().getFirst();
    }

    @Test
    void bridgeRescalesDecimalsSixToEighteen() {
        PlannedRoute r = plan(RouteRequest.of(ETH, USDT, BSC, BSC_USDT, units("100", 6))).getFirst();
        RouteStep b = r.steps().getFirst();
        assertThat(b.provider().key()).isEqualTo("stargate");
        // 0.1 fixed + 6 bps of 100 (0.06) + $0.2 gas = 0.36 USDT
        assertThat(b.bridgeFee()).isEqualTo(units("0.36", 6));
        assertThat(b.toAmount()).isEqualTo(units("99.64", 18));
    }

    @Test
    void nativeInputTradesTheWrappedPoolsAndReportsNative() {
        PlannedRoute r = plan(RouteRequest.of(ETH, Address.NATIVE, ETH, USDC, units("1", 18))).getFirst();
        RouteStep s = r.steps().getFirst();
        assertThat(s.fromToken().address()).isEqualTo(Address.NATIVE);
        assertThat(s.poolTokenIn()).isEqualTo(WETH);
        assertThat(r.amountOut()).isEqualTo(UniswapV2Math.getAmountOut(units("1", 18), units("1000", 18),
                units("3000000", 6), 30));
    }

    @Test
    void noTokenIsVisitedTwiceAndNativeCountsAsItsWrappedToken() {
        for (PlannedRoute r : plan(RouteRequest.of(ETH, Address.NATIVE, ETH, DAI, units("10", 18)))) {
            Set<String> seen = new HashSet<>();
            seen.add(group(r.steps().getFirst().fromToken().symbol()));
            for (RouteStep s : r.steps()) {
                assertThat(seen.add(s.toToken().chain() + group(s.toToken().symbol()))
                        || !seen.contains(s.toToken().chain() + group(s.toToken().symbol()))).isTrue();
            }
            assertThat(r.steps().stream().map(s -> s.toToken().key()).distinct().count()).isEqualTo(r.steps().size());
            assertThat(r.steps().stream().noneMatch(s -> s.toToken().symbol().equals("WETH"))).isTrue();
        }
    }

    private static String group(String symbol) {
        return symbol.equals("WETH") ? "ETH" : symbol;
    }

    @Test
    void returnsAtMostFiveDistinctRoutesWithinFourSteps() {
        List<PlannedRoute> routes = plan(RouteRequest.of(ETH, WETH, ARB, ARB_USDC, units("5", 18)));
        assertThat(routes).hasSizeBetween(2, 5);
        assertThat(routes.stream().map(PlannedRoute::pathKey).distinct().count()).isEqualTo(routes.size());
        assertThat(routes).allSatisfy(r -> assertThat(r.steps()).hasSizeLessThanOrEqualTo(4));
        assertThat(routes).allSatisfy(r -> assertThat(r.amountOut()).isPositive());
        List<PlannedRoute> three = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSteps(1))
                .plan(market, RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("5", 6)));
        assertThat(three).allSatisfy(r -> assertThat(r.steps()).hasSize(1));
    }

    @Test
    void providersAreDistinctInPathOrder() {
        PlannedRoute r = plan(RouteRequest.of(ETH, WETH, ARB, ARB_WETH, units("1", 18))
                .withProviders(new ProviderFilter(Set.of("uniswap-v2", "cctp", "sushiswap"), Set.of()))).getFirst();
        assertThat(r.providers()).extracting(Provider::key).containsExactly("uniswap-v2", "cctp", "sushiswap");
    }

    @Test
    void includeAndExcludeFiltersAreCaseInsensitive() {
        RouteRequest base = RouteRequest.of(ETH, WETH, ETH, USDC, units("1", 18));
        List<PlannedRoute> onlySushi = plan(base.withProviders(new ProviderFilter(Set.of("SushiSwap"), Set.of())));
        assertThat(onlySushi).allSatisfy(r -> assertThat(r.providers()).extracting(Provider::key).containsOnly("sushiswap"));
        List<PlannedRoute> noUni = plan(base.withProviders(new ProviderFilter(Set.of(), Set.of("UNISWAP-V2"))));
        assertThat(noUni).isNotEmpty().allSatisfy(r -> assertThat(r.providers()).extracting(Provider::key)
                .doesNotContain("uniswap-v2"));
        assertThatThrownBy(() -> plan(base.withProviders(new ProviderFilter(Set.of("curve"), Set.of()))))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.NO_ROUTE))
                .hasMessage("no pool path from WETH on chain 1 to USDC on chain 1 within 4 steps with the provider filter");
    }

    @Test
    void multiBridgeIsOffByDefaultAndAllowsTwoBridgesWhenOn() {
        // arb USDC -> bsc USDT needs arb->eth and eth->bsc
        RouteRequest r = RouteRequest.of(ARB, ARB_USDC, BSC, BSC_USDT, units("1000", 6));
        assertThatThrownBy(() -> plan(r)).isInstanceOfSatisfying(NoRouteException.class,
                e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.NO_ROUTE))
                .hasMessage("no bridge lane from chain 42161 to chain 56; allowMultiBridge=true may find a route "
                        + "through another chain");
        List<PlannedRoute> routes = plan(r.withMultiBridge(true));
        assertThat(routes).isNotEmpty().allSatisfy(p -> assertThat(p.bridgeCount()).isEqualTo(2));
        PlannedRoute best = routes.getFirst();
        assertThat(best.steps()).extracting(RouteStep::kind).containsExactly(StepKind.BRIDGE, StepKind.SWAP,
                StepKind.BRIDGE);
        // gas counts the source chain only: the first bridge's deposit
        assertThat(best.gasLimit()).isEqualTo(BigInteger.valueOf(90_000));
        assertThat(best.pathType()).isEqualTo(PathType.CROSS_CHAIN_SWAP);
    }

    @Test
    void neverMoreThanTwoBridgesEvenWhenAllowed() {
        TestMarket m = TestMarket.standard()
                .lane("hop", BSC, ARB, BSC_USDT, ARB_USDC, BigInteger.ZERO, 0, 0, 60, BigInteger.ONE,
                        units("1000000", 18), 50_000);
        List<PlannedRoute> routes = new RoutePlanner().plan(m.snapshot(),
                RouteRequest.of(ETH, USDC, ARB, ARB_WETH, units("100", 6)).withMultiBridge(true));
        assertThat(routes).allSatisfy(r -> assertThat(r.bridgeCount()).isLessThanOrEqualTo(2));
    }

    @Test
    void missingLaneForTheTokenIsNamedInTheMessage() {
        TestMarket m = TestMarket.standard().token(BSC, addr(24), "DOGE", 8, 0.1);
        assertThatThrownBy(() -> new RoutePlanner().plan(m.snapshot(),
                RouteRequest.of(ETH, USDC, BSC, addr(24), units("100", 6))))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.NO_ROUTE))
                .hasMessage("no bridge lane from chain 1 to chain 56 for USDC (lanes carry USDT) and no path from "
                        + "USDC on chain 1 to DOGE on chain 56 within 4 steps");
    }

    @Test
    void noLaneBetweenChainsAtAll() {
        TestMarket m = TestMarket.standard();
        m.withoutLanes(l -> l.toChain().equals(BSC));
        assertThatThrownBy(() -> new RoutePlanner().plan(m.snapshot(),
                RouteRequest.of(ETH, USDC, BSC, BSC_USDC, units("100", 6)).withMultiBridge(true)))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.NO_ROUTE))
                .hasMessage("no bridge lane from chain 1 to chain 56");
    }

    @Test
    void amountBelowEveryLaneMinimumIsAmountTooLowWithTheMinimum() {
        // 0.999999 USDC: below across's and cctp's minimum of 1 USDC
        assertThatThrownBy(() -> plan(RouteRequest.of(ETH, USDC, ARB, ARB_USDC, BigInteger.valueOf(999_999))))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.AMOUNT_TOO_LOW))
                .hasMessageStartingWith("amount below the ")
                .hasMessageContaining("minimum of 1000000 USDC");
        // exactly the minimum is accepted by cctp (no fee)
        PlannedRoute atMin = plan(RouteRequest.of(ETH, USDC, ARB, ARB_USDC, BigInteger.valueOf(1_000_000))).stream()
                .filter(r -> r.providers().getFirst().key().equals("cctp")).findFirst().orElseThrow();
        assertThat(atMin.amountOut()).isEqualTo(BigInteger.valueOf(1_000_000));
    }

    @Test
    void amountAboveEveryLaneCapacityIsAmountTooHigh() {
        TestMarket m = TestMarket.standard();
        m.withoutPools();
        assertThatThrownBy(() -> new RoutePlanner().plan(m.snapshot(),
                RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("10000001", 6))))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.INSUFFICIENT_LIQUIDITY))
                .hasMessageContaining("capacity of 10000000000000 USDC");
        // exactly the capacity is fine
        assertThat(new RoutePlanner().plan(m.snapshot(), RouteRequest.of(ETH, USDC, ARB, ARB_USDC,
                units("10000000", 6)))).isNotEmpty();
    }

    @Test
    void feesAboveTheAmountAreFeesExceedAmount() {
        TestMarket m = TestMarket.standard();
        m.withoutLanes();
        m.lane("across", ETH, ARB, USDC, ARB_USDC, units("2", 6), 0, 0, 120, BigInteger.ONE, units("1000000", 6),
                90_000);
        RoutePlanner p = new RoutePlanner();
        assertThatThrownBy(() -> p.plan(m.snapshot(), RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("2", 6))))
                .isInstanceOfSatisfying(NoRouteException.class,
                        e -> assertThat(e.reason()).isEqualTo(NoRouteException.Reason.FEES_EXCEED_AMOUNT))
                .hasMessageStartingWith("fees exceed the amount");
        // one unit more than the fee delivers one unit
        assertThat(p.plan(m.snapshot(), RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("2", 6).add(BigInteger.ONE)))
                .getFirst().amountOut()).isEqualTo(BigInteger.ONE);
    }

    @Test
    void unknownTokensAndTheSameTokenAreNoRoute() {
        assertThatThrownBy(() -> plan(RouteRequest.of(ETH, addr(777), ETH, USDC, BigInteger.TEN)))
                .hasMessage("fromToken " + addr(777) + " is not listed on chain 1");
        assertThatThrownBy(() -> plan(RouteRequest.of(ETH, WETH, ETH, Address.NATIVE, BigInteger.TEN)))
                .hasMessageContaining("same token");
    }

    @Test
    void pathFeeValuesEveryStepFeeInInputUnitsAtThePathsOwnRates() {
        PlannedRoute r = plan(RouteRequest.of(ETH, WETH, ARB, ARB_USDC, units("1", 18))
                .withProviders(new ProviderFilter(Set.of("uniswap-v2", "across"), Set.of()))).getFirst();
        assertThat(r.steps()).hasSize(2);
        RouteStep swap = r.steps().get(0);
        RouteStep bridge = r.steps().get(1);
        // fee0 + fee1 * a0 / fromAmount1, floor once
        BigInteger a0 = units("1", 18);
        BigInteger expected = swap.lpFee().multiply(bridge.fromAmount()).add(bridge.bridgeFee().multiply(a0))
                .divide(bridge.fromAmount());
        assertThat(r.pathFee()).isEqualTo(expected);
        assertThat(r.pathFeeUsd()).isEqualTo(r.fromToken().usd(expected));
    }

    @Test
    void aLargeTradeSplitsOverTheWethUsdcPoolsAndASmallOneStaysSinglePath() {
        // uniswap-v2 WETH/USDC holds 1,000 WETH, sushiswap 100: 60 WETH through one pool pays ~5.6% price impact
        BigInteger in = units("60", 18);
        PlannedRoute best = plan(RouteRequest.of(ETH, WETH, ETH, USDC, in)).getFirst();
        assertThat(best.pathType()).isEqualTo(PathType.SAME_CHAIN_SPLIT_SWAP);
        assertThat(best.pathType().wire()).isEqualTo("sameChainSplitSwap");
        assertThat(best.legs()).isGreaterThanOrEqualTo(2);
        PlannedRoute single = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1))
                .plan(market, RouteRequest.of(ETH, WETH, ETH, USDC, in)).getFirst();
        assertThat(best.amountOut()).isGreaterThan(single.amountOut());
        assertThat(best.netValueUsd()).isGreaterThan(single.netValueUsd());
        // legs: exact V2 math on each leg's share, the last leg the remainder
        BigInteger sum = BigInteger.ZERO;
        BigInteger spent = BigInteger.ZERO;
        List<RouteStep> steps = best.steps();
        for (int i = 0; i < steps.size(); i++) {
            RouteStep s = steps.get(i);
            assertThat(s.leg()).isNotNull();
            if (i == 0 || steps.get(i - 1).leg().index() != s.leg().index()) {
                spent = spent.add(s.fromAmount());
            } else {
                assertThat(s.fromAmount()).as("within a leg each step spends what the previous produced")
                        .isEqualTo(steps.get(i - 1).toAmount());
            }
            if (i + 1 == steps.size() || steps.get(i + 1).leg().index() != s.leg().index()) {
                sum = sum.add(s.toAmount());
            }
        }
        assertThat(spent).as("the legs spend the whole input").isEqualTo(in);
        assertThat(best.amountOut()).isEqualTo(sum);
        assertThat(best.steps().getFirst().fromAmount()).isEqualTo(in.multiply(BigInteger.valueOf(
                best.steps().getFirst().leg().shareBps())).divide(BigInteger.valueOf(10_000)));
        long stepGas = steps.stream().mapToLong(RouteStep::gasUnits).sum();
        assertThat(best.gasLimit()).as("the legs' steps and the split's own gas").isEqualTo(BigInteger.valueOf(
                stepGas + GasModel.GENERIC.split(best.legs())));
        // a small trade: the split would not pay for its gas
        PlannedRoute small = plan(RouteRequest.of(ETH, WETH, ETH, USDC, units("0.5", 18))).getFirst();
        assertThat(small.pathType()).isEqualTo(PathType.SAME_CHAIN_SWAP);
        assertThat(small.steps()).allSatisfy(s -> assertThat(s.leg()).isNull());
    }
}
