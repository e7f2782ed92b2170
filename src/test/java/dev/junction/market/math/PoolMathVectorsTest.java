package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The vectors of the market issue and shared/reference/pool-math.md, to the wei. */
class PoolMathVectorsTest {

    private static final BigInteger E18 = BigInteger.TEN.pow(18);

    @Test
    void uniswapV2GetAmountOut() {
        BigInteger out = UniswapV2Math.getAmountOut(BigInteger.TEN.pow(21), BigInteger.TEN.pow(24),
                BigInteger.TWO.multiply(BigInteger.TEN.pow(24)), 30);
        assertThat(out).isEqualTo(new BigInteger("1992013962079806432986"));
    }

    @Test
    void uniswapV2GetAmountInIsTheSmallestInputForThatOutput() {
        BigInteger rin = BigInteger.TEN.pow(24);
        BigInteger rout = BigInteger.TWO.multiply(BigInteger.TEN.pow(24));
        BigInteger out = new BigInteger("1992013962079806432986");
        BigInteger in = UniswapV2Math.getAmountIn(out, rin, rout, 30);
        assertThat(UniswapV2Math.getAmountOut(in, rin, rout, 30)).isGreaterThanOrEqualTo(out);
        assertThat(in).isLessThanOrEqualTo(BigInteger.TEN.pow(21).add(BigInteger.ONE));
    }

    @Test
    void uniswapV3SingleRangeSwap() {
        var state = new UniswapV3Math.PoolState(FullMath.Q96, 0, BigInteger.TEN.pow(21), 60, 3000, new TreeMap<>());
        UniswapV3Math.SwapResult r = UniswapV3Math.swapExactInput(state, true, E18);
        assertThat(r.sqrtPriceX96After()).isEqualTo(new BigInteger("79149250711305166342700278159"));
        assertThat(r.amountOut()).isEqualTo(new BigInteger("996006981039903216"));
        assertThat(r.feeAmount()).isEqualTo(BigInteger.valueOf(3).multiply(BigInteger.TEN.pow(15)));
        assertThat(r.amountIn().subtract(r.feeAmount())).isEqualTo(BigInteger.valueOf(997).multiply(BigInteger.TEN.pow(15)));
        assertThat(r.amountIn()).isEqualTo(E18);
        assertThat(r.ticksCrossed()).isZero();
        assertThat(r.tickAfter()).isEqualTo(TickMath.getTickAtSqrtRatio(r.sqrtPriceX96After())).isEqualTo(-20);
        assertThat(r.liquidityAfter()).isEqualTo(BigInteger.TEN.pow(21));
    }

    @Test
    void uniswapV3ComputeSwapStepVector() {
        SwapMath.Step step = SwapMath.computeSwapStep(FullMath.Q96, TickMath.getSqrtRatioAtTick(-60),
                BigInteger.TEN.pow(21), E18, 3000);
        assertThat(step.sqrtRatioNextX96()).isEqualTo(new BigInteger("79149250711305166342700278159"));
        assertThat(step.amountIn()).isEqualTo(BigInteger.valueOf(997).multiply(BigInteger.TEN.pow(15)));
        assertThat(step.amountOut()).isEqualTo(new BigInteger("996006981039903216"));
        assertThat(step.feeAmount()).isEqualTo(BigInteger.valueOf(3).multiply(BigInteger.TEN.pow(15)));
    }

    @Test
    void curveGetDy() {
        BigInteger[] balances = {BigInteger.valueOf(1_000_000).multiply(E18), BigInteger.valueOf(1_000_000_000_000L)};
        BigInteger dy = StableSwapMath.getDy(100, balances, new int[] {18, 6}, 4_000_000, 0, 1,
                BigInteger.valueOf(1000).multiply(E18));
        assertThat(dy).isEqualTo(BigInteger.valueOf(999590103));
    }

    @Test
    void fullRangePositionBuildsTheSameStateAsTheVector() {
        var ticks = ConcentratedLiquidity.fromPositions(
                List.of(new ConcentratedLiquidity.Position(-887220, 887220, BigInteger.TEN.pow(21))), 60, 0);
        var state = new UniswapV3Math.PoolState(FullMath.Q96, 0, ticks.liquidity(), 60, 3000, ticks.liquidityNet());
        assertThat(UniswapV3Math.swapExactInput(state, true, E18).amountOut())
                .isEqualTo(new BigInteger("996006981039903216"));
    }
}
