package dev.junction.market.math;

import static dev.junction.market.math.FullMath.MAX_UINT160;
import static dev.junction.market.math.FullMath.MAX_UINT256;
import static dev.junction.market.math.FullMath.Q96;

import java.math.BigInteger;

/**
 * Uniswap V3 {@code SqrtPriceMath}: the next sqrt price after an input or output amount, and the token amounts between
 * two sqrt prices, with the contract's rounding (always in the pool's favour). Prices are Q64.96, liquidity a uint128,
 * amounts in the token's smallest units.
 */
final class SqrtPriceMath {

    private SqrtPriceMath() {
    }

    /**
     * The sqrt price after adding {@code amountIn} of the input token (token0 when zeroForOne), rounded so the price
     * does not pass the target.
     */
    static BigInteger getNextSqrtPriceFromInput(BigInteger sqrtPX96, BigInteger liquidity, BigInteger amountIn,
            boolean zeroForOne) {
        requirePositive(sqrtPX96, liquidity);
        return zeroForOne
                ? nextFromAmount0RoundingUp(sqrtPX96, liquidity, amountIn, true)
                : nextFromAmount1RoundingDown(sqrtPX96, liquidity, amountIn, true);
    }

    /** The sqrt price after removing {@code amountOut} of the output token (token1 when zeroForOne). */
    static BigInteger getNextSqrtPriceFromOutput(BigInteger sqrtPX96, BigInteger liquidity, BigInteger amountOut,
            boolean zeroForOne) {
        requirePositive(sqrtPX96, liquidity);
        return zeroForOne
                ? nextFromAmount1RoundingDown(sqrtPX96, liquidity, amountOut, false)
                : nextFromAmount0RoundingUp(sqrtPX96, liquidity, amountOut, false);
    }

    /**
     * Token0 between two sqrt prices: {@code L * 2^96 * (sb - sa) / sb / sa}, each division rounded up or down.
     */
    static BigInteger getAmount0Delta(BigInteger sqrtRatioAX96, BigInteger sqrtRatioBX96, BigInteger liquidity,
            boolean roundUp) {
        BigInteger sa = sqrtRatioAX96.min(sqrtRatioBX96);
        BigInteger sb = sqrtRatioAX96.max(sqrtRatioBX96);
        if (sa.signum() <= 0) {
            throw new ArithmeticException("SqrtPriceMath: sqrt price must be > 0");
        }
        BigInteger numerator2 = sb.subtract(sa);
        if (liquidity.signum() >= 0 && liquidity.bitLength() <= 128) {
            // One division instead of two: for positive integers ceil(ceil(x/b)/a) = ceil(x/(a*b)) and
            // floor(floor(x/b)/a) = floor(x/(a*b)); the contract's check that x/b fits 256 bits cannot fail here
            // (x/b < L * 2^96 < 2^224 because sb - sa < sb).
            BigInteger numerator = liquidity.multiply(numerator2).shiftLeft(96);
            BigInteger denominator = sa.multiply(sb);
            return roundUp ? FullMath.divRoundingUp(numerator, denominator) : numerator.divide(denominator);
        }
        BigInteger numerator1 = liquidity.shiftLeft(96);
        return roundUp
                ? FullMath.divRoundingUp(FullMath.mulDivRoundingUp(numerator1, numerator2, sb), sa)
                : FullMath.mulDiv(numerator1, numerator2, sb).divide(sa);
    }

    /** {@link #getAmount0Delta} as the contract writes it: two divisions (the reference for the one-division form). */
    static BigInteger getAmount0DeltaTwoDivisions(BigInteger sqrtRatioAX96, BigInteger sqrtRatioBX96,
            BigInteger liquidity, boolean roundUp) {
        BigInteger sa = sqrtRatioAX96.min(sqrtRatioBX96);
        BigInteger sb = sqrtRatioAX96.max(sqrtRatioBX96);
        if (sa.signum() <= 0) {
            throw new ArithmeticException("SqrtPriceMath: sqrt price must be > 0");
        }
        BigInteger numerator1 = liquidity.shiftLeft(96);
        BigInteger numerator2 = sb.subtract(sa);
        return roundUp
                ? FullMath.divRoundingUp(FullMath.mulDivRoundingUp(numerator1, numerator2, sb), sa)
                : FullMath.mulDiv(numerator1, numerator2, sb).divide(sa);
    }

    /** Token1 between two sqrt prices: {@code L * (sb - sa) / 2^96}, rounded up or down. */
    static BigInteger getAmount1Delta(BigInteger sqrtRatioAX96, BigInteger sqrtRatioBX96, BigInteger liquidity,
            boolean roundUp) {
        BigInteger diff = sqrtRatioAX96.subtract(sqrtRatioBX96).abs();
        return roundUp ? FullMath.mulDivQ96RoundingUp(liquidity, diff) : FullMath.mulDivQ96(liquidity, diff);
    }

    private static BigInteger nextFromAmount0RoundingUp(BigInteger sqrtPX96, BigInteger liquidity, BigInteger amount,
            boolean add) {
        if (amount.signum() == 0) {
            return sqrtPX96;
        }
        BigInteger numerator1 = liquidity.shiftLeft(96);
        BigInteger product = amount.multiply(sqrtPX96);
        boolean productFits = product.compareTo(MAX_UINT256) <= 0;
        if (add) {
            if (productFits) {
                BigInteger denominator = numerator1.add(product);
                if (denominator.compareTo(MAX_UINT256) <= 0) {
                    return toUint160(FullMath.mulDivRoundingUp(numerator1, sqrtPX96, denominator));
                }
            }
            return toUint160(FullMath.divRoundingUp(numerator1, numerator1.divide(sqrtPX96).add(amount)));
        }
        if (!productFits || numerator1.compareTo(product) <= 0) {
            throw new ArithmeticException("SqrtPriceMath: output exceeds the token0 reserve of the range");
        }
        return toUint160(FullMath.mulDivRoundingUp(numerator1, sqrtPX96, numerator1.subtract(product)));
    }

    private static BigInteger nextFromAmount1RoundingDown(BigInteger sqrtPX96, BigInteger liquidity, BigInteger amount,
            boolean add) {
        if (add) {
            BigInteger quotient = amount.compareTo(MAX_UINT160) <= 0
                    ? amount.shiftLeft(96).divide(liquidity)
                    : FullMath.mulDiv(amount, Q96, liquidity);
            return toUint160(sqrtPX96.add(quotient));
        }
        BigInteger quotient = amount.compareTo(MAX_UINT160) <= 0
                ? FullMath.divRoundingUp(amount.shiftLeft(96), liquidity)
                : FullMath.mulDivRoundingUp(amount, Q96, liquidity);
        if (sqrtPX96.compareTo(quotient) <= 0) {
            throw new ArithmeticException("SqrtPriceMath: output exceeds the token1 reserve of the range");
        }
        return sqrtPX96.subtract(quotient);
    }

    private static void requirePositive(BigInteger sqrtPX96, BigInteger liquidity) {
        if (sqrtPX96.signum() <= 0 || liquidity.signum() <= 0) {
            throw new ArithmeticException("SqrtPriceMath: sqrt price and liquidity must be > 0");
        }
    }

    private static BigInteger toUint160(BigInteger value) {
        if (value.compareTo(MAX_UINT160) > 0) {
            throw new ArithmeticException("SqrtPriceMath: sqrt price overflows uint160");
        }
        return value;
    }
}
