package dev.junction.market.snapshot;

import dev.junction.market.StablePool;
import dev.junction.market.math.StableSwapMath;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/** Prices implied by pool state, for the load-time check against reference prices. */
final class PoolPrices {

    /** Largest relative gap allowed between a pool's price and the ratio of its tokens' reference prices: 0.5%. */
    static final double MAX_DEVIATION = 0.005;

    private static final BigInteger[] TICK_CONSTANTS = {
        new BigInteger("fff97272373d413259a46990580e213a", 16), new BigInteger("fff2e50f5f656932ef12357cf3c7fdcc", 16),
        new BigInteger("ffe5caca7e10e4e61c3624eaa0941cd0", 16), new BigInteger("ffcb9843d60f6159c9db58835c926644", 16),
        new BigInteger("ff973b41fa98c081472e6896dfb254c0", 16), new BigInteger("ff2ea16466c96a3843ec78b326b52861", 16),
        new BigInteger("fe5dee046a99a2a811c461f1969c3053", 16), new BigInteger("fcbe86c7900a88aedcffc83b479aa3a4", 16),
        new BigInteger("f987a7253ac413176f2b074cf7815e54", 16), new BigInteger("f3392b0822b70005940c7a398e4b70f3", 16),
        new BigInteger("e7159475a2c29b7443b29c7fa6e889d9", 16), new BigInteger("d097f3bdfd2022b8845ad8f792aa5825", 16),
        new BigInteger("a9f746462d870fdf8a65dc1f90e061e5", 16), new BigInteger("70d869a156d2a1b890bb3df62baf32f7", 16),
        new BigInteger("31be135f97d08fd981231505542fcfa6", 16), new BigInteger("9aa508b5b7a84e1c677de54f3e99bc9", 16),
        new BigInteger("5d6af8dedb81196699c329225ee604", 16), new BigInteger("2216e584f5fa1ea926041bedfe98", 16),
        new BigInteger("48a170391f7dc42444e8fa2", 16),
    };
    private static final BigInteger ODD = new BigInteger("fffcb933bd6fad37aa2d162d1a594001", 16);
    private static final BigInteger Q128 = BigInteger.ONE.shiftLeft(128);
    private static final BigInteger MAX_UINT256 = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);

    private PoolPrices() {
    }

    /** a / b as a double. */
    static double ratio(BigInteger a, BigInteger b) {
        return new BigDecimal(a).divide(new BigDecimal(b), MathContext.DECIMAL64).doubleValue();
    }

    /** (sqrtPriceX96 / 2^96)^2: token1 smallest units per token0 smallest unit. */
    static double priceOfSqrt(BigInteger sqrtPriceX96) {
        return ratio(sqrtPriceX96.multiply(sqrtPriceX96), BigInteger.ONE.shiftLeft(192));
    }

    /** TickMath.getSqrtRatioAtTick, exactly as the contract computes it. */
    static BigInteger sqrtRatioAtTick(int tick) {
        int abs = Math.abs(tick);
        BigInteger ratio = (abs & 1) != 0 ? ODD : Q128;
        for (int i = 0; i < TICK_CONSTANTS.length; i++) {
            if ((abs & (2 << i)) != 0) {
                ratio = ratio.multiply(TICK_CONSTANTS[i]).shiftRight(128);
            }
        }
        if (tick > 0) {
            ratio = MAX_UINT256.divide(ratio);
        }
        BigInteger[] qr = ratio.divideAndRemainder(BigInteger.ONE.shiftLeft(32));
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    /**
     * The greatest tick whose sqrt ratio is at most sqrtPriceX96 (what TickMath.getTickAtSqrtRatio returns): a
     * floating-point estimate, corrected with the exact {@link #sqrtRatioAtTick}.
     */
    static int tickAtSqrtRatio(BigInteger sqrtPriceX96) {
        double log = 2 * (Math.log(sqrtPriceX96.doubleValue()) - 96 * Math.log(2)) / Math.log(1.0001);
        int tick = Math.max(PoolParser.MIN_TICK, Math.min(PoolParser.MAX_TICK, (int) Math.floor(log)));
        while (tick > PoolParser.MIN_TICK && sqrtRatioAtTick(tick).compareTo(sqrtPriceX96) > 0) {
            tick--;
        }
        while (tick < PoolParser.MAX_TICK && sqrtRatioAtTick(tick + 1).compareTo(sqrtPriceX96) <= 0) {
            tick++;
        }
        return tick;
    }

    /**
     * Marginal price of coin i in coin j (whole units), before the fee: get_dy of one whole coin i, grossed up by the
     * fee.
     */
    static double stableMarginal(StablePool pool, int i, int j) {
        BigInteger dx = BigInteger.TEN.pow(pool.decimals().get(i));
        BigInteger[] balances = pool.balances().toArray(BigInteger[]::new);
        int[] decimals = pool.decimals().stream().mapToInt(Integer::intValue).toArray();
        BigInteger dy = StableSwapMath.getDy(pool.amp(), balances, decimals, pool.fee(), i, j, dx);
        double whole = ratio(dy, BigInteger.TEN.pow(pool.decimals().get(j)));
        return whole / (1 - pool.fee() / StableSwapMath.FEE_DENOMINATOR.doubleValue());
    }
}
