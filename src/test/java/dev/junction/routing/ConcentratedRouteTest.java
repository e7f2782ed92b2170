package dev.junction.routing;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.ConcentratedPool;
import dev.junction.market.GasModel;
import dev.junction.market.SwapQuote;
import dev.junction.market.math.TickMath;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Routes through a Uniswap V3 pool use its exact math, and its gas counts the ticks crossed. */
class ConcentratedRouteTest {

    @Test
    void aDeepFullRangeV3PoolWinsWithItsExactQuote() {
        // WETH (token0) / USDC (token1) at 3000 USDC per WETH: sqrt(3000e6 / 1e18) * 2^96, full range, 10x the V2 depth
        BigDecimal price = new BigDecimal("3e-9");
        BigInteger sqrtPriceX96 = price.sqrt(MathContext.DECIMAL128).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(96)))
                .toBigInteger();
        int tick = TickMath.getTickAtSqrtRatio(sqrtPriceX96);
        BigInteger liquidity = new BigInteger("547722557505166113");
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        net.put(-887220, liquidity);
        net.put(887220, liquidity.negate());
        ConcentratedPool v3 = new ConcentratedPool("eth:univ3:weth-usdc", ETH, "uniswap-v3", WETH, USDC, 3000, 60,
                sqrtPriceX96, tick, liquidity, net, 6e7);
        TestMarket m = TestMarket.standard().dex("uniswap-v3");
        m.pool(v3);
        BigInteger in = units("10", 18);
        PlannedRoute best = new RoutePlanner().plan(m.snapshot(), RouteRequest.of(ETH, WETH, ETH, USDC, in)).getFirst();
        SwapQuote q = v3.quote(WETH, USDC, in);
        assertThat(best.steps()).hasSize(1);
        assertThat(best.steps().getFirst().pool()).isSameAs(v3);
        assertThat(best.amountOut()).isEqualTo(q.amountOut());
        assertThat(best.steps().getFirst().lpFee()).isEqualTo(q.lpFee());
        assertThat(best.gasLimit()).isEqualTo(BigInteger.valueOf(GasModel.V3_HOP + GasModel.V3_TICK * q.ticksCrossed()));
    }
}
