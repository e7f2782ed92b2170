package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.math.ConcentratedLiquidity.Position;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Multi-tick swaps checked against tools/uniswap_v3_reference.py, an independent Python mirror of the contracts (a real
 * 256-bit-word TickBitmap with BitMath msb/lsb, binary-search getTickAtSqrtRatio). Run it to regenerate the numbers.
 */
class UniswapV3MathTest {

    private static final BigInteger E18 = BigInteger.TEN.pow(18);
    private static final List<Position> POSITIONS = List.of(
            position(-6000, 6000, "400000000000000000000"), position(-1200, 1000, "1000000000000000000000"),
            position(-200, 300, "3000000000000000000000"), position(-30000, -5000, "200000000000000000000"),
            position(200, 12000, "500000000000000000000"), position(-200, 0, "1000000000000000000000"));
    private static final List<Position> SPACING1_POSITIONS = List.of(
            position(-1000, 1000, "10000000000000000000000"), position(-300, 700, "5000000000000000000000"));

    @Test
    void swapDownCrossesInitializedTicksAndAWordBoundary() {
        var state = scenario();
        assertThat(state.tick()).isEqualTo(40);
        assertThat(state.liquidity()).isEqualTo(new BigInteger("4400000000000000000000"));
        var r = UniswapV3Math.swapExactInput(state, true, E18.multiply(BigInteger.valueOf(150)));
        assertResult(r, "150000000000000000000", "142459846760057184427", "75000000000000002", 3,
                "72172863862262611536513432845", -1866, "400000000000000000000");
    }

    @Test
    void swapUpCrossesInitializedTicks() {
        var r = UniswapV3Math.swapExactInput(scenario(), false, E18.multiply(BigInteger.valueOf(160)));
        assertResult(r, "160000000000000000000", "150721399795165946323", "80000000000000002", 3,
                "86019584556232608272377260088", 1644, "900000000000000000000");
    }

    @Test
    void swapStopsAtAnExplicitPriceLimitAndUsesOnlyPartOfTheInput() {
        BigInteger limit = TickMath.getSqrtRatioAtTick(-5500).add(BigInteger.valueOf(7));
        var r = UniswapV3Math.swapExactInput(scenario(), true, BigInteger.TEN.pow(24), limit);
        assertResult(r, "244050472466526748423", "206852254828506779722", "122025236233263378", 4,
                "60180331038875100426522287204", -5500, "600000000000000000000");
    }

    @Test
    void swapThatDrainsThePoolEndsAtTheDefaultLimit() {
        var r = UniswapV3Math.swapExactInput(scenario(), true, BigInteger.TEN.pow(24));
        assertResult(r, "890672259230360030109", "321640683055336970458", "445336129615180024", 6,
                "4295128740", -887272, "0");
    }

    @Test
    void spacingOneSwapsStopAtEveryWordBoundary() {
        var start = TickMath.getSqrtRatioAtTick(-3).add(BigInteger.valueOf(999));
        var down = UniswapV3Math.swapExactInput(state(SPACING1_POSITIONS, 1, 100, start), true,
                E18.multiply(BigInteger.valueOf(300)));
        assertResult(down, "300000000000000000000", "293821882478166191382", "30000000000000001", 1,
                "77472189188245182643218239979", -449, "10000000000000000000000");
        var up = UniswapV3Math.swapExactInput(state(SPACING1_POSITIONS, 1, 100, start), false,
                E18.multiply(BigInteger.valueOf(350)));
        assertResult(up, "350000000000000000000", "342087557967704050862", "35000000000000002", 0,
                "81064752034862254235646998953", 458, "15000000000000000000000");
    }

    @Test
    void priceLimitOnTheWrongSideIsRejectedLikeTheContract() {
        var state = scenario();
        assertThatThrownBy(() -> UniswapV3Math.swapExactInput(state, true, E18, state.sqrtPriceX96()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sqrtPriceLimitX96");
        assertThatThrownBy(() -> UniswapV3Math.swapExactInput(state, false, E18, TickMath.MAX_SQRT_RATIO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void zeroInputIsRejected() {
        assertThatThrownBy(() -> UniswapV3Math.swapExactInput(scenario(), true, BigInteger.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("amountIn");
    }

    @Test
    void wordBoundaryStopsFollowTheBitmap() {
        var ticks = ConcentratedLiquidity.fromPositions(SPACING1_POSITIONS, 1, 0).liquidityNet();
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(ticks, -3, 1, true)).isEqualTo(new TickBitmap.Next(-256, false));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(ticks, -257, 1, true)).isEqualTo(new TickBitmap.Next(-300, true));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(ticks, -3, 1, false)).isEqualTo(new TickBitmap.Next(-1, false));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(ticks, -1, 1, false)).isEqualTo(new TickBitmap.Next(255, false));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(ticks, 255, 1, false)).isEqualTo(new TickBitmap.Next(511, false));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(ticks, 511, 1, false)).isEqualTo(new TickBitmap.Next(700, true));
        // spacing 60: tick -61 compresses to -2 (floor), the search down includes -120
        var wide = ConcentratedLiquidity.fromPositions(List.of(position(-120, 60, "1")), 60, 0).liquidityNet();
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(wide, -61, 60, true)).isEqualTo(new TickBitmap.Next(-120, true));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(wide, -120, 60, false)).isEqualTo(new TickBitmap.Next(-60, false));
        assertThat(TickBitmap.nextInitializedTickWithinOneWord(wide, -60, 60, false)).isEqualTo(new TickBitmap.Next(60, true));
    }

    @Test
    void positionsBuildLiquidityNetAndInRangeLiquidity() {
        var ticks = ConcentratedLiquidity.fromPositions(POSITIONS, 10, 40);
        assertThat(ticks.liquidity()).isEqualTo(new BigInteger("4400000000000000000000"));
        assertThat(ticks.liquidityNet().get(-200)).isEqualTo(new BigInteger("4000000000000000000000"));
        assertThat(ticks.liquidityNet().get(0)).isEqualTo(new BigInteger("-1000000000000000000000"));
        assertThat(ticks.liquidityNet().get(-6000)).isEqualTo(new BigInteger("400000000000000000000"));
        assertThat(ticks.liquidityNet().values().stream().reduce(BigInteger.ZERO, BigInteger::add)).isZero();
        assertThatThrownBy(() -> ConcentratedLiquidity.fromPositions(List.of(position(-15, 10, "1")), 10, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multiples of the tick spacing");
    }

    @Test
    void sqrtPriceFromHumanPriceAndBack() {
        // WETH (18) / USDC (6) at 3000 USDC per WETH: raw price 3000e-12
        BigInteger p = ConcentratedLiquidity.sqrtPriceX96(new BigDecimal("3000"), 18, 6);
        assertThat(p).isEqualTo(BigInteger.valueOf(3000).multiply(BigInteger.ONE.shiftLeft(192))
                .divide(BigInteger.TEN.pow(12)).sqrt());
        assertThat(ConcentratedLiquidity.price(p, 18, 6)).isCloseTo(3000.0, Offset.offset(1e-6));
        assertThat(ConcentratedLiquidity.sqrtPriceX96(3000.0, 1.0, 18, 6)).isEqualTo(p);
    }

    @Test
    void liquidityAmountsRoundTrip() {
        BigInteger sa = TickMath.getSqrtRatioAtTick(-600);
        BigInteger sb = TickMath.getSqrtRatioAtTick(600);
        BigInteger p = FullMath.Q96;
        BigInteger l = LiquidityAmounts.getLiquidityForAmounts(p, sa, sb, E18, E18);
        var amounts = LiquidityAmounts.getAmountsForLiquidity(p, sa, sb, l);
        assertThat(amounts.amount0()).isLessThanOrEqualTo(E18);
        assertThat(amounts.amount1()).isLessThanOrEqualTo(E18);
        assertThat(amounts.amount0().max(amounts.amount1())).isGreaterThan(E18.subtract(BigInteger.TEN));
        // below the range a position holds only token0, above only token1
        assertThat(LiquidityAmounts.getAmountsForLiquidity(TickMath.getSqrtRatioAtTick(-700), sa, sb, l).amount1()).isZero();
        assertThat(LiquidityAmounts.getAmountsForLiquidity(TickMath.getSqrtRatioAtTick(700), sa, sb, l).amount0()).isZero();
    }

    private static UniswapV3Math.PoolState scenario() {
        return state(POSITIONS, 10, 500, TickMath.getSqrtRatioAtTick(40).add(new BigInteger("12345678901234567")));
    }

    private static UniswapV3Math.PoolState state(List<Position> positions, int spacing, int fee, BigInteger sqrtPrice) {
        int tick = TickMath.getTickAtSqrtRatio(sqrtPrice);
        var ticks = ConcentratedLiquidity.fromPositions(positions, spacing, tick);
        return new UniswapV3Math.PoolState(sqrtPrice, tick, ticks.liquidity(), spacing, fee, ticks.liquidityNet());
    }

    private static Position position(int lower, int upper, String liquidity) {
        return new Position(lower, upper, new BigInteger(liquidity));
    }

    private static void assertResult(UniswapV3Math.SwapResult r, String amountIn, String amountOut, String fee,
            int crossed, String sqrtPrice, int tick, String liquidity) {
        assertThat(r.amountIn()).as("amountIn").isEqualTo(new BigInteger(amountIn));
        assertThat(r.amountOut()).as("amountOut").isEqualTo(new BigInteger(amountOut));
        assertThat(r.feeAmount()).as("fee").isEqualTo(new BigInteger(fee));
        assertThat(r.ticksCrossed()).as("ticks crossed").isEqualTo(crossed);
        assertThat(r.sqrtPriceX96After()).as("sqrtPrice").isEqualTo(new BigInteger(sqrtPrice));
        assertThat(r.tickAfter()).as("tick").isEqualTo(tick);
        assertThat(r.liquidityAfter()).as("liquidity").isEqualTo(new BigInteger(liquidity));
    }
}
