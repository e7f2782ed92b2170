package dev.junction.routing;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.StablePool;
import dev.junction.market.SwapQuote;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.math.TickMath;
import dev.junction.support.TestMarket;
import dev.junction.protocol.RouterGas;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A snapshot carrying Junction's router gas table (chain mode) prices each route with it, fixed part included. */
class RouterGasRouteTest {

    static final RouterGas GAS = RouterGas.measured();
    /** The table's rows by name: the model must price each step with its room's row. */
    static final RouterGasTable TABLE = GAS.table();
    static final StepGas V2 = TABLE.step("uniswap-v2");
    static final StepGas V3 = TABLE.step("uniswap-v3");
    static final StepGas CURVE = TABLE.step("curve");
    static final StepGas ACROSS = TABLE.step("across");
    static final long V3_TICK = TABLE.figure("v3TickCrossed");

    static MarketSnapshot withRouterGas(TestMarket m) {
        MarketSnapshot s = m.snapshot();
        return new MarketSnapshot(s.version(), s.chains(), s.tokens(), s.providers(), s.pools(), s.lanes(), Map.of(),
                GAS);
    }

    final MarketSnapshot market = withRouterGas(TestMarket.standard());

    PlannedRoute best(MarketSnapshot market, RouteRequest r) {
        return new RoutePlanner().plan(market, r).getFirst();
    }

    @Test
    void oneV2PoolIsTheBasePlusAFirstV2Step() {
        PlannedRoute r = best(market, RouteRequest.of(ETH, WETH, ETH, USDC, units("1", 18)));
        assertThat(r.steps()).hasSize(1);
        assertThat(r.steps().getFirst().pool()).isInstanceOf(ConstantProductPool.class);
        assertThat(r.steps().getFirst().gasUnits()).isEqualTo(V2.first());
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + V2.first()));
        assertThat(r.gasFee()).isEqualTo(r.gasLimit().multiply(BigInteger.valueOf(20_000_000_000L)));
    }

    @Test
    void nativeInputWithAnIntegratorFeeAddsTheWrapAndTheFeeTransfer() {
        PlannedRoute r = best(market, RouteRequest.of(ETH, Address.NATIVE, ETH, USDC, units("1", 18)).withFeeBps(30));
        assertThat(r.steps()).hasSize(1);
        assertThat(r.gasLimit()).isEqualTo(
                BigInteger.valueOf(GAS.base() + GAS.wrapNative() + GAS.integratorFee() + V2.first()));
    }

    @Test
    void nativeOutputAddsTheUnwrap() {
        PlannedRoute r = best(market, RouteRequest.of(ETH, USDC, ETH, Address.NATIVE, units("3000", 6)));
        assertThat(r.steps()).hasSize(1);
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + GAS.unwrapNative() + V2.first()));
    }

    @Test
    void aStepAfterASwapCountsItsLaterFigure() {
        PlannedRoute r = best(market, RouteRequest.of(ETH, WETH, ETH, DAI, units("1", 18)));
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(0).pool()).isInstanceOf(ConstantProductPool.class);
        assertThat(r.steps().get(1).pool()).isInstanceOf(StablePool.class);
        assertThat(r.steps().get(1).gasUnits()).isEqualTo(CURVE.later());
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + V2.first() + CURVE.later()));
    }

    @Test
    void aV3StepCountsEachInitializedTickItCrosses() {
        BigInteger sqrtPriceX96 = new BigDecimal("3e-9").sqrt(MathContext.DECIMAL128)
                .multiply(new BigDecimal(BigInteger.ONE.shiftLeft(96))).toBigInteger();
        int tick = TickMath.getTickAtSqrtRatio(sqrtPriceX96) / 60 * 60;
        BigInteger narrow = new BigInteger("5000000000000000");
        BigInteger wide = new BigInteger("500000000000000");
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        net.put(-887220, wide);
        net.put(tick - 600, narrow);
        net.put(tick + 600, narrow.negate());
        net.put(887220, wide.negate());
        ConcentratedPool v3 = new ConcentratedPool("eth:univ3:weth-usdc", ETH, "uniswap-v3", WETH, USDC, 3000, 60,
                sqrtPriceX96, TickMath.getTickAtSqrtRatio(sqrtPriceX96), narrow.add(wide), net, 6e7);
        TestMarket m = TestMarket.standard().dex("uniswap-v3");
        m.pool(v3);
        BigInteger in = units("20", 18);
        SwapQuote q = v3.quote(WETH, USDC, in);
        assertThat(q.ticksCrossed()).as("the swap leaves the narrow position").isEqualTo(1);
        PlannedRoute r = best(withRouterGas(m), RouteRequest.of(ETH, WETH, ETH, USDC, in)
                .withProviders(new ProviderFilter(Set.of("uniswap-v3"), Set.of())));
        assertThat(r.steps().getFirst().pool()).isSameAs(v3);
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + V3.first() + V3_TICK));
    }

    @Test
    void aBridgeCountsTheRoutersAcrossDepositNotTheLanesFigure() {
        PlannedRoute r = best(market, RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("1000", 6))
                .withProviders(new ProviderFilter(Set.of("across"), Set.of())));
        assertThat(r.steps()).hasSize(1);
        assertThat(r.steps().getFirst().lane().gasUnits()).isNotEqualTo(ACROSS.first());
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + ACROSS.first()));
    }

    @Test
    void aBridgeAfterASwapCountsTheLaterDeposit() {
        PlannedRoute r = best(market, RouteRequest.of(ETH, WETH, ARB, ARB_USDC, units("1", 18))
                .withProviders(new ProviderFilter(Set.of("uniswap-v2", "across"), Set.of())));
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(1).kind()).isEqualTo(StepKind.BRIDGE);
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + V2.first() + ACROSS.later()));
    }

    /** The curve of aV3StepCountsEachInitializedTickItCrosses: 3,000 USDC per WETH, a narrow and a wide position. */
    static ConcentratedPool curve(String id, String provider) {
        BigInteger sqrtPriceX96 = new BigDecimal("3e-9").sqrt(MathContext.DECIMAL128)
                .multiply(new BigDecimal(BigInteger.ONE.shiftLeft(96))).toBigInteger();
        int tick = TickMath.getTickAtSqrtRatio(sqrtPriceX96) / 60 * 60;
        BigInteger narrow = new BigInteger("5000000000000000");
        BigInteger wide = new BigInteger("500000000000000");
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        net.put(-887220, wide);
        net.put(tick - 600, narrow);
        net.put(tick + 600, narrow.negate());
        net.put(887220, wide.negate());
        return new ConcentratedPool(id, ETH, provider, WETH, USDC, 3000, 60, sqrtPriceX96,
                TickMath.getTickAtSqrtRatio(sqrtPriceX96), narrow.add(wide), net, 6e7);
    }

    /** Uniswap V4's native ETH/USDC pool (currency0 address(0), the market naming it WETH) and V3's WETH/USDC. */
    static MarketSnapshot nativeV4AndV3() {
        TestMarket m = TestMarket.standard().dex("uniswap-v3").dex("uniswap-v4");
        m.pool(new UniswapV4Pool(curve("eth:univ4:eth-usdc", "uniswap-v4"), Address.ZERO, USDC, 3000, Address.ZERO,
                0));
        m.pool(curve("eth:univ3:weth-usdc", "uniswap-v3"));
        return withRouterGas(m);
    }

    static final ProviderFilter V4_ONLY = new ProviderFilter(Set.of("uniswap-v4"), Set.of());
    static final ProviderFilter V3_AND_V4 = new ProviderFilter(Set.of("uniswap-v3", "uniswap-v4"), Set.of());

    @Test
    void nativeInThroughAV4NativePoolIsItsNativeRowWithoutTheWrap() {
        PlannedRoute r = best(nativeV4AndV3(), RouteRequest.of(ETH, Address.NATIVE, ETH, USDC, units("1", 18))
                .withProviders(V4_ONLY));
        assertThat(r.steps()).hasSize(1);
        assertThat(NativeSteps.nativeIn(r.steps(), 0)).isTrue();
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + TABLE.figure("v4NativeIn")));
    }

    @Test
    void nativeOutThroughAV4NativePoolIsItsNativeRowWithoutTheUnwrap() {
        PlannedRoute r = best(nativeV4AndV3(), RouteRequest.of(ETH, USDC, ETH, Address.NATIVE, units("3000", 6))
                .withProviders(V4_ONLY));
        assertThat(r.steps()).hasSize(1);
        assertThat(NativeSteps.nativeOut(r.steps(), 0)).isTrue();
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base()
                + TABLE.step("uniswap-v4-native-out").first()));
    }

    @Test
    void wethThroughTheV4NativePoolKeepsTheV4Row() {
        PlannedRoute r = best(nativeV4AndV3(), RouteRequest.of(ETH, WETH, ETH, USDC, units("1", 18))
                .withProviders(V4_ONLY));
        assertThat(NativeSteps.nativeIn(r.steps(), 0)).isFalse();
        assertThat(r.gasLimit()).isEqualTo(BigInteger.valueOf(GAS.base() + TABLE.step("uniswap-v4").first()));
    }

    /**
     * The same curve in V3 (WETH) and V4 (native): equal outputs, so gas ranks them. Priced as before native steps
     * (V4's row plus the wrap) V3 ranked first; the native step's measured row is cheaper than V3's plus the wrap (in)
     * or the unwrap (out), so V4 ranks first.
     */
    @Test
    void theNativePoolWinsOverTheSameWethPoolOnGas() {
        RouteRequest in = RouteRequest.of(ETH, Address.NATIVE, ETH, USDC, units("1", 18)).withProviders(V3_AND_V4);
        assertThat(TABLE.figure("v4NativeIn")).isLessThan(V3.first() + GAS.wrapNative());
        assertThat(TABLE.step("uniswap-v4").first() + GAS.wrapNative()).as("V4 through WETH")
                .isGreaterThan(V3.first() + GAS.wrapNative());
        assertThat(singlePools(in)).as(routes(in)).containsExactly("uniswap-v4", "uniswap-v3");
        RouteRequest out = RouteRequest.of(ETH, USDC, ETH, Address.NATIVE, units("3000", 6)).withProviders(V3_AND_V4);
        assertThat(singlePools(out)).as(routes(out)).containsExactly("uniswap-v4", "uniswap-v3");
    }

    /** The providers of the one-step routes in rank order (the planner also offers a split over both pools). */
    List<String> singlePools(RouteRequest r) {
        List<PlannedRoute> routes = new RoutePlanner().plan(nativeV4AndV3(), r);
        List<PlannedRoute> single = routes.stream().filter(p -> p.steps().size() == 1).toList();
        assertThat(single).hasSize(2);
        assertThat(single.get(0).amountOut()).as("the same curve pays the same").isEqualTo(single.get(1).amountOut());
        return single.stream().map(p -> p.steps().getFirst().provider().key()).toList();
    }

    String routes(RouteRequest r) {
        return new RoutePlanner().plan(nativeV4AndV3(), r).stream().map(p -> p.steps().stream()
                .map(s -> s.provider().key()).toList() + " out " + p.amountOut() + " gas " + p.gasLimit()).toList()
                .toString();
    }
}
