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
