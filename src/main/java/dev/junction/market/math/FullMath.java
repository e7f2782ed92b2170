package dev.junction.market.math;

import java.math.BigInteger;

/**
 * Uniswap V3 {@code FullMath} and {@code UnsafeMath.divRoundingUp}: 512-bit intermediate products, results checked to fit
 * in 256 bits (the contract reverts otherwise; here an {@link ArithmeticException}).
 */
final class FullMath {

    static final BigInteger Q96 = BigInteger.ONE.shiftLeft(96);
    static final BigInteger MAX_UINT256 = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
    static final BigInteger MAX_UINT160 = BigInteger.ONE.shiftLeft(160).subtract(BigInteger.ONE);
    static final BigInteger MAX_UINT128 = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);

    private FullMath() {
    }

    /** {@code floor(a*b/d)} at full precision; d > 0, result < 2^256. */
    static BigInteger mulDiv(BigInteger a, BigInteger b, BigInteger d) {
        return checked(a.multiply(b).divide(positive(d)));
    }

    /** {@code ceil(a*b/d)} at full precision; d > 0, result < 2^256. */
    static BigInteger mulDivRoundingUp(BigInteger a, BigInteger b, BigInteger d) {
        BigInteger[] qr = a.multiply(b).divideAndRemainder(positive(d));
        return checked(qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0]);
    }

    /**
     * {@code floor(a*b/2^96)}, the same value as {@code mulDiv(a, b, Q96)} for a non-negative product: a shift instead
     * of a long division.
     */
    static BigInteger mulDivQ96(BigInteger a, BigInteger b) {
        BigInteger product = a.multiply(b);
        if (product.signum() < 0) {
            return mulDiv(a, b, Q96);
        }
        return checked(product.shiftRight(96));
    }

    /**
     * {@code ceil(a*b/2^96)}, the same value as {@code mulDivRoundingUp(a, b, Q96)} for a non-negative product: a shift,
     * plus one when any of the 96 bits shifted out is set.
     */
    static BigInteger mulDivQ96RoundingUp(BigInteger a, BigInteger b) {
        BigInteger product = a.multiply(b);
        if (product.signum() < 0) {
            return mulDivRoundingUp(a, b, Q96);
        }
        BigInteger q = product.shiftRight(96);
        return checked(product.signum() > 0 && product.getLowestSetBit() < 96 ? q.add(BigInteger.ONE) : q);
    }

    /** {@code ceil(x/y)} ({@code UnsafeMath.divRoundingUp}); y > 0. */
    static BigInteger divRoundingUp(BigInteger x, BigInteger y) {
        BigInteger[] qr = x.divideAndRemainder(positive(y));
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    private static BigInteger positive(BigInteger d) {
        if (d.signum() <= 0) {
            throw new ArithmeticException("FullMath: denominator must be > 0");
        }
        return d;
    }

    private static BigInteger checked(BigInteger result) {
        if (result.compareTo(MAX_UINT256) > 0) {
            throw new ArithmeticException("FullMath: result overflows uint256");
        }
        return result;
    }
}
