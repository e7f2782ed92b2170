package dev.junction.market.math;

import java.math.BigInteger;

/**
 * Balancer V2's {@code FixedPoint} (pkg/solidity-utils) and {@code Math} on 18-decimal unsigned fixed point numbers,
 * with the contracts' uint256 overflow checks and rounding: every operation reverts ({@link BalancerRevert}) where
 * the contract's does.
 */
public final class BalancerFixedPoint {

    /** 1e18. */
    public static final BigInteger ONE = BigInteger.TEN.pow(18);
    static final BigInteger TWO = ONE.shiftLeft(1);
    static final BigInteger FOUR = ONE.shiftLeft(2);
    /** 10^-14 relative error bound of {@link LogExpMath#pow}: 10000 in 18 decimals. */
    static final BigInteger MAX_POW_RELATIVE_ERROR = BigInteger.valueOf(10_000);
    static final BigInteger UINT256_MAX = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);

    private BalancerFixedPoint() {
    }

    /** Checked {@code a + b}. */
    public static BigInteger add(BigInteger a, BigInteger b) {
        BigInteger c = a.add(b);
        if (c.compareTo(UINT256_MAX) > 0) {
            throw new BalancerRevert(BalancerRevert.ADD_OVERFLOW);
        }
        return c;
    }

    /** Checked {@code a - b}. */
    public static BigInteger sub(BigInteger a, BigInteger b) {
        if (b.compareTo(a) > 0) {
            throw new BalancerRevert(BalancerRevert.SUB_OVERFLOW);
        }
        return a.subtract(b);
    }

    /** {@code Math.mul}: checked {@code a * b} (no fixed point). */
    public static BigInteger mul(BigInteger a, BigInteger b) {
        BigInteger c = a.multiply(b);
        if (c.compareTo(UINT256_MAX) > 0) {
            throw new BalancerRevert(BalancerRevert.MUL_OVERFLOW);
        }
        return c;
    }

    /** {@code Math.divDown}: {@code a / b}, reverting on zero. */
    public static BigInteger divDownRaw(BigInteger a, BigInteger b) {
        if (b.signum() == 0) {
            throw new BalancerRevert(BalancerRevert.ZERO_DIVISION);
        }
        return a.divide(b);
    }

    /** {@code Math.divUp}: {@code a == 0 ? 0 : 1 + (a - 1) / b}. */
    public static BigInteger divUpRaw(BigInteger a, BigInteger b) {
        if (b.signum() == 0) {
            throw new BalancerRevert(BalancerRevert.ZERO_DIVISION);
        }
        return a.signum() == 0 ? BigInteger.ZERO : a.subtract(BigInteger.ONE).divide(b).add(BigInteger.ONE);
    }

    /** {@code a * b / 1e18}, rounded down. */
    public static BigInteger mulDown(BigInteger a, BigInteger b) {
        return mul(a, b).divide(ONE);
    }

    /** {@code a * b / 1e18}, rounded up (0 when the product is 0). */
    public static BigInteger mulUp(BigInteger a, BigInteger b) {
        BigInteger product = mul(a, b);
        return product.signum() == 0 ? BigInteger.ZERO : product.subtract(BigInteger.ONE).divide(ONE).add(BigInteger.ONE);
    }

    /** {@code a * 1e18 / b}, rounded down. */
    public static BigInteger divDown(BigInteger a, BigInteger b) {
        if (b.signum() == 0) {
            throw new BalancerRevert(BalancerRevert.ZERO_DIVISION);
        }
        return inflated(a).divide(b);
    }

    /** {@code a * 1e18 / b}, rounded up (0 when a is 0). */
    public static BigInteger divUp(BigInteger a, BigInteger b) {
        if (b.signum() == 0) {
            throw new BalancerRevert(BalancerRevert.ZERO_DIVISION);
        }
        BigInteger aInflated = inflated(a);
        return aInflated.signum() == 0 ? BigInteger.ZERO
                : aInflated.subtract(BigInteger.ONE).divide(b).add(BigInteger.ONE);
    }

    private static BigInteger inflated(BigInteger a) {
        BigInteger aInflated = a.multiply(ONE);
        if (aInflated.compareTo(UINT256_MAX) > 0) {
            throw new BalancerRevert(BalancerRevert.DIV_INTERNAL);
        }
        return aInflated;
    }

    /** {@code x^y} rounded down: exact for y = 1, 2, 4; else {@link LogExpMath#pow} less its error bound, floored at 0. */
    public static BigInteger powDown(BigInteger x, BigInteger y) {
        if (y.equals(ONE)) {
            return x;
        } else if (y.equals(TWO)) {
            return mulDown(x, x);
        } else if (y.equals(FOUR)) {
            BigInteger square = mulDown(x, x);
            return mulDown(square, square);
        }
        BigInteger raw = LogExpMath.pow(x, y);
        BigInteger maxError = add(mulUp(raw, MAX_POW_RELATIVE_ERROR), BigInteger.ONE);
        return raw.compareTo(maxError) < 0 ? BigInteger.ZERO : sub(raw, maxError);
    }

    /** {@code x^y} rounded up: exact for y = 1, 2, 4; else {@link LogExpMath#pow} plus its error bound. */
    public static BigInteger powUp(BigInteger x, BigInteger y) {
        if (y.equals(ONE)) {
            return x;
        } else if (y.equals(TWO)) {
            return mulUp(x, x);
        } else if (y.equals(FOUR)) {
            BigInteger square = mulUp(x, x);
            return mulUp(square, square);
        }
        BigInteger raw = LogExpMath.pow(x, y);
        BigInteger maxError = add(mulUp(raw, MAX_POW_RELATIVE_ERROR), BigInteger.ONE);
        return add(raw, maxError);
    }

    /** {@code 1 - x}, 0 when x is 1 or more. */
    public static BigInteger complement(BigInteger x) {
        return x.compareTo(ONE) < 0 ? ONE.subtract(x) : BigInteger.ZERO;
    }
}
