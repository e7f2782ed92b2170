package dev.junction.market.math;

import static dev.junction.market.math.FullMath.Q96;

import java.math.BigInteger;

/**
 * Uniswap V3 periphery {@code LiquidityAmounts}: the liquidity a position gets for token amounts, and the token amounts
 * a position's liquidity holds, at a given sqrt price (all prices Q64.96, amounts in smallest units, rounded down).
 */
public final class LiquidityAmounts {

    private LiquidityAmounts() {
    }

    /** Token amounts of a position. */
    public record Amounts(BigInteger amount0, BigInteger amount1) {
    }

    /**
     * The largest liquidity that {@code amount0} and {@code amount1} can fund for a position between sqrt prices
     * {@code sqrtRatioAX96} and {@code sqrtRatioBX96} (either order) at the current price {@code sqrtRatioX96}.
     *
     * @throws ArithmeticException when the liquidity does not fit in a uint128
     */
    public static BigInteger getLiquidityForAmounts(BigInteger sqrtRatioX96, BigInteger sqrtRatioAX96,
            BigInteger sqrtRatioBX96, BigInteger amount0, BigInteger amount1) {
        BigInteger sa = sqrtRatioAX96.min(sqrtRatioBX96);
        BigInteger sb = sqrtRatioAX96.max(sqrtRatioBX96);
        if (sqrtRatioX96.compareTo(sa) <= 0) {
            return liquidityForAmount0(sa, sb, amount0);
        }
        if (sqrtRatioX96.compareTo(sb) < 0) {
            return liquidityForAmount0(sqrtRatioX96, sb, amount0).min(liquidityForAmount1(sa, sqrtRatioX96, amount1));
        }
        return liquidityForAmount1(sa, sb, amount1);
    }

    /** The token amounts that {@code liquidity} between the two sqrt prices holds at the current price. */
    public static Amounts getAmountsForLiquidity(BigInteger sqrtRatioX96, BigInteger sqrtRatioAX96,
            BigInteger sqrtRatioBX96, BigInteger liquidity) {
        BigInteger sa = sqrtRatioAX96.min(sqrtRatioBX96);
        BigInteger sb = sqrtRatioAX96.max(sqrtRatioBX96);
        if (sqrtRatioX96.compareTo(sa) <= 0) {
            return new Amounts(amount0ForLiquidity(sa, sb, liquidity), BigInteger.ZERO);
        }
        if (sqrtRatioX96.compareTo(sb) < 0) {
            return new Amounts(amount0ForLiquidity(sqrtRatioX96, sb, liquidity),
                    amount1ForLiquidity(sa, sqrtRatioX96, liquidity));
        }
        return new Amounts(BigInteger.ZERO, amount1ForLiquidity(sa, sb, liquidity));
    }

    static BigInteger liquidityForAmount0(BigInteger sa, BigInteger sb, BigInteger amount0) {
        BigInteger intermediate = FullMath.mulDiv(sa, sb, Q96);
        return toUint128(FullMath.mulDiv(amount0, intermediate, sb.subtract(sa)));
    }

    static BigInteger liquidityForAmount1(BigInteger sa, BigInteger sb, BigInteger amount1) {
        return toUint128(FullMath.mulDiv(amount1, Q96, sb.subtract(sa)));
    }

    static BigInteger amount0ForLiquidity(BigInteger sa, BigInteger sb, BigInteger liquidity) {
        return FullMath.mulDiv(liquidity.shiftLeft(96), sb.subtract(sa), sb).divide(sa);
    }

    static BigInteger amount1ForLiquidity(BigInteger sa, BigInteger sb, BigInteger liquidity) {
        return FullMath.mulDiv(liquidity, sb.subtract(sa), Q96);
    }

    private static BigInteger toUint128(BigInteger value) {
        if (value.compareTo(FullMath.MAX_UINT128) > 0) {
            throw new ArithmeticException("liquidity overflows uint128");
        }
        return value;
    }
}
