package dev.junction.market.math;

import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Uniswap V3 {@code TickMath}: sqrt prices at ticks ({@code sqrt(1.0001^tick) * 2^96}, Q64.96) with the contract's
 * constant table, and the inverse, bit for bit as the contract computes them.
 */
public final class TickMath {

    /** The smallest tick a sqrt price can be computed for. */
    public static final int MIN_TICK = -887272;
    /** The largest tick a sqrt price can be computed for. */
    public static final int MAX_TICK = 887272;
    /** {@code getSqrtRatioAtTick(MIN_TICK)}. */
    public static final BigInteger MIN_SQRT_RATIO = BigInteger.valueOf(4295128739L);
    /** {@code getSqrtRatioAtTick(MAX_TICK)}. */
    public static final BigInteger MAX_SQRT_RATIO = new BigInteger("1461446703485210103287273052203988822378723970342");

    private static final BigInteger[] FACTORS = {
        hex("fff97272373d413259a46990580e213a"), hex("fff2e50f5f656932ef12357cf3c7fdcc"),
        hex("ffe5caca7e10e4e61c3624eaa0941cd0"), hex("ffcb9843d60f6159c9db58835c926644"),
        hex("ff973b41fa98c081472e6896dfb254c0"), hex("ff2ea16466c96a3843ec78b326b52861"),
        hex("fe5dee046a99a2a811c461f1969c3053"), hex("fcbe86c7900a88aedcffc83b479aa3a4"),
        hex("f987a7253ac413176f2b074cf7815e54"), hex("f3392b0822b70005940c7a398e4b70f3"),
        hex("e7159475a2c29b7443b29c7fa6e889d9"), hex("d097f3bdfd2022b8845ad8f792aa5825"),
        hex("a9f746462d870fdf8a65dc1f90e061e5"), hex("70d869a156d2a1b890bb3df62baf32f7"),
        hex("31be135f97d08fd981231505542fcfa6"), hex("9aa508b5b7a84e1c677de54f3e99bc9"),
        hex("5d6af8dedb81196699c329225ee604"), hex("2216e584f5fa1ea926041bedfe98"),
        hex("48a170391f7dc42444e8fa2"),
    };
    private static final BigInteger TICK_ONE = hex("fffcb933bd6fad37aa2d162d1a594001");
    private static final BigInteger ONE_X128 = BigInteger.ONE.shiftLeft(128);
    private static final BigInteger LOW_32_BITS = BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE);
    private static final BigInteger LOG_SQRT10001 = new BigInteger("255738958999603826347141");
    private static final BigInteger TICK_LOW_OFFSET = new BigInteger("3402992956809132418596140100660247210");
    private static final BigInteger TICK_HIGH_OFFSET = new BigInteger("291339464771989622907027621153398088495");

    private TickMath() {
    }

    /**
     * {@code sqrt(1.0001^tick) * 2^96}, rounded up from the Q128.128 intermediate as the contract does.
     *
     * @param tick from {@link #MIN_TICK} to {@link #MAX_TICK}
     * @return the sqrt price, Q64.96, from {@link #MIN_SQRT_RATIO} to {@link #MAX_SQRT_RATIO}
     */
    public static BigInteger getSqrtRatioAtTick(int tick) {
        BigInteger known = SQRT_RATIOS.get(tick);
        if (known != null) {
            return known;
        }
        BigInteger ratio = computeSqrtRatioAtTick(tick);
        if (SQRT_RATIOS.size() < SQRT_RATIO_CACHE_MAX) {
            SQRT_RATIOS.put(tick, ratio);
        }
        return ratio;
    }

    /**
     * Ratios already computed: swaps step through the same few ticks (pools' initialized ticks and bitmap word
     * boundaries) over and over. A pure function's memo, bounded.
     */
    private static final Map<Integer, BigInteger> SQRT_RATIOS = new ConcurrentHashMap<>();
    private static final int SQRT_RATIO_CACHE_MAX = 200_000;

    private static BigInteger computeSqrtRatioAtTick(int tick) {
        int absTick = Math.abs(tick);
        if (absTick > MAX_TICK) {
            throw new IllegalArgumentException("tick " + tick + " is outside [" + MIN_TICK + ", " + MAX_TICK + "]");
        }
        BigInteger ratio = (absTick & 1) != 0 ? TICK_ONE : ONE_X128;
        for (int bit = 1; bit < 20; bit++) {
            if ((absTick & (1 << bit)) != 0) {
                ratio = ratio.multiply(FACTORS[bit - 1]).shiftRight(128);
            }
        }
        if (tick > 0) {
            ratio = FullMath.MAX_UINT256.divide(ratio);
        }
        BigInteger shifted = ratio.shiftRight(32);
        return ratio.and(LOW_32_BITS).signum() == 0 ? shifted : shifted.add(BigInteger.ONE);
    }

    /**
     * The largest tick whose sqrt price is at most {@code sqrtPriceX96}, computed with the contract's fixed-point log2.
     *
     * @param sqrtPriceX96 from {@link #MIN_SQRT_RATIO} (inclusive) to {@link #MAX_SQRT_RATIO} (exclusive)
     */
    public static int getTickAtSqrtRatio(BigInteger sqrtPriceX96) {
        if (sqrtPriceX96.compareTo(MIN_SQRT_RATIO) < 0 || sqrtPriceX96.compareTo(MAX_SQRT_RATIO) >= 0) {
            throw new IllegalArgumentException("sqrtPriceX96 " + sqrtPriceX96 + " is outside [MIN_SQRT_RATIO, MAX_SQRT_RATIO)");
        }
        BigInteger ratio = sqrtPriceX96.shiftLeft(32);
        int msb = ratio.bitLength() - 1;
        BigInteger r = msb >= 128 ? ratio.shiftRight(msb - 127) : ratio.shiftLeft(127 - msb);
        BigInteger log2 = BigInteger.valueOf(msb - 128L).shiftLeft(64);
        for (int shift = 63; shift >= 50; shift--) {
            r = r.multiply(r).shiftRight(127);
            int f = r.shiftRight(128).intValue();
            if (f != 0) {
                log2 = log2.or(BigInteger.ONE.shiftLeft(shift));
            }
            r = r.shiftRight(f);
        }
        BigInteger logSqrt10001 = log2.multiply(LOG_SQRT10001);
        int tickLow = logSqrt10001.subtract(TICK_LOW_OFFSET).shiftRight(128).intValueExact();
        int tickHigh = logSqrt10001.add(TICK_HIGH_OFFSET).shiftRight(128).intValueExact();
        if (tickLow == tickHigh) {
            return tickLow;
        }
        return getSqrtRatioAtTick(tickHigh).compareTo(sqrtPriceX96) <= 0 ? tickHigh : tickLow;
    }

    private static BigInteger hex(String digits) {
        return new BigInteger(digits, 16);
    }
}
