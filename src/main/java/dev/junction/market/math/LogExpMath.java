package dev.junction.market.math;

import java.math.BigInteger;

/**
 * Balancer V2's {@code LogExpMath} (pkg/solidity-utils, by Fernando Martinelli, Sergio Yuhjtman and Daniel
 * Fernandez): {@code pow}, {@code exp} and {@code ln} on 18-decimal fixed point numbers, step for step as the
 * contract computes them in int256 (truncating division toward zero, as Solidity's and {@link BigInteger}'s), so
 * the same result to the last unit.
 */
public final class LogExpMath {

    private static final BigInteger ONE_18 = BigInteger.TEN.pow(18);
    private static final BigInteger ONE_20 = BigInteger.TEN.pow(20);
    private static final BigInteger ONE_36 = BigInteger.TEN.pow(36);
    private static final BigInteger MAX_NATURAL_EXPONENT = BigInteger.valueOf(130).multiply(ONE_18);
    private static final BigInteger MIN_NATURAL_EXPONENT = BigInteger.valueOf(-41).multiply(ONE_18);
    private static final BigInteger LN_36_LOWER_BOUND = ONE_18.subtract(BigInteger.TEN.pow(17));
    private static final BigInteger LN_36_UPPER_BOUND = ONE_18.add(BigInteger.TEN.pow(17));
    private static final BigInteger MILD_EXPONENT_BOUND = BigInteger.ONE.shiftLeft(254).divide(ONE_20);

    // 18 decimals
    private static final BigInteger X0 = new BigInteger("128000000000000000000"); // 2^7
    private static final BigInteger A0 = new BigInteger("38877084059945950922200000000000000000000000000000000000");
    private static final BigInteger X1 = new BigInteger("64000000000000000000"); // 2^6
    private static final BigInteger A1 = new BigInteger("6235149080811616882910000000");
    // 20 decimals
    private static final BigInteger[] X = {
        new BigInteger("3200000000000000000000"), // 2^5
        new BigInteger("1600000000000000000000"), // 2^4
        new BigInteger("800000000000000000000"), // 2^3
        new BigInteger("400000000000000000000"), // 2^2
        new BigInteger("200000000000000000000"), // 2^1
        new BigInteger("100000000000000000000"), // 2^0
        new BigInteger("50000000000000000000"), // 2^-1
        new BigInteger("25000000000000000000"), // 2^-2
        new BigInteger("12500000000000000000"), // 2^-3
        new BigInteger("6250000000000000000"), // 2^-4
    };
    private static final BigInteger[] A = {
        new BigInteger("7896296018268069516100000000000000"),
        new BigInteger("888611052050787263676000000"),
        new BigInteger("298095798704172827474000"),
        new BigInteger("5459815003314423907810"),
        new BigInteger("738905609893065022723"),
        new BigInteger("271828182845904523536"),
        new BigInteger("164872127070012814685"),
        new BigInteger("128402541668774148407"),
        new BigInteger("113314845306682631683"),
        new BigInteger("106449445891785942956"),
    };
    /** exp's decomposition uses a2..a9 (the first eight of {@link #A}); ln's uses a2..a11 (all ten). */
    private static final int EXP_TERMS = 8;

    private LogExpMath() {
    }

    /** {@code x^y} for 18-decimal x and y, with the contract's bounds. */
    public static BigInteger pow(BigInteger x, BigInteger y) {
        if (y.signum() == 0) {
            return ONE_18;
        }
        if (x.signum() == 0) {
            return BigInteger.ZERO;
        }
        if (x.shiftRight(255).signum() != 0) {
            throw new BalancerRevert(BalancerRevert.X_OUT_OF_BOUNDS);
        }
        if (y.compareTo(MILD_EXPONENT_BOUND) >= 0) {
            throw new BalancerRevert(BalancerRevert.Y_OUT_OF_BOUNDS);
        }
        BigInteger logxTimesY;
        if (LN_36_LOWER_BOUND.compareTo(x) < 0 && x.compareTo(LN_36_UPPER_BOUND) < 0) {
            BigInteger ln36x = ln36(x);
            logxTimesY = ln36x.divide(ONE_18).multiply(y).add(ln36x.remainder(ONE_18).multiply(y).divide(ONE_18));
        } else {
            logxTimesY = lnInner(x).multiply(y);
        }
        logxTimesY = logxTimesY.divide(ONE_18);
        if (logxTimesY.compareTo(MIN_NATURAL_EXPONENT) < 0 || logxTimesY.compareTo(MAX_NATURAL_EXPONENT) > 0) {
            throw new BalancerRevert(BalancerRevert.PRODUCT_OUT_OF_BOUNDS);
        }
        return exp(logxTimesY);
    }

    /** {@code e^x} for 18-decimal x from -41 to 130. */
    public static BigInteger exp(BigInteger x) {
        if (x.compareTo(MIN_NATURAL_EXPONENT) < 0 || x.compareTo(MAX_NATURAL_EXPONENT) > 0) {
            throw new BalancerRevert(BalancerRevert.INVALID_EXPONENT);
        }
        if (x.signum() < 0) {
            return ONE_18.multiply(ONE_18).divide(exp(x.negate()));
        }
        BigInteger firstAN;
        if (x.compareTo(X0) >= 0) {
            x = x.subtract(X0);
            firstAN = A0;
        } else if (x.compareTo(X1) >= 0) {
            x = x.subtract(X1);
            firstAN = A1;
        } else {
            firstAN = BigInteger.ONE;
        }
        x = x.multiply(BigInteger.valueOf(100));
        BigInteger product = ONE_20;
        for (int k = 0; k < EXP_TERMS; k++) {
            if (x.compareTo(X[k]) >= 0) {
                x = x.subtract(X[k]);
                product = product.multiply(A[k]).divide(ONE_20);
            }
        }
        BigInteger seriesSum = ONE_20;
        BigInteger term = x;
        seriesSum = seriesSum.add(term);
        for (int n = 2; n <= 12; n++) {
            term = term.multiply(x).divide(ONE_20).divide(BigInteger.valueOf(n));
            seriesSum = seriesSum.add(term);
        }
        return product.multiply(seriesSum).divide(ONE_20).multiply(firstAN).divide(BigInteger.valueOf(100));
    }

    /** Natural logarithm of an 18-decimal a > 0. */
    public static BigInteger ln(BigInteger a) {
        if (a.signum() <= 0) {
            throw new BalancerRevert(BalancerRevert.OUT_OF_BOUNDS);
        }
        if (LN_36_LOWER_BOUND.compareTo(a) < 0 && a.compareTo(LN_36_UPPER_BOUND) < 0) {
            return ln36(a).divide(ONE_18);
        }
        return lnInner(a);
    }

    private static BigInteger lnInner(BigInteger a) {
        if (a.compareTo(ONE_18) < 0) {
            return lnInner(ONE_18.multiply(ONE_18).divide(a)).negate();
        }
        BigInteger sum = BigInteger.ZERO;
        if (a.compareTo(A0.multiply(ONE_18)) >= 0) {
            a = a.divide(A0);
            sum = sum.add(X0);
        }
        if (a.compareTo(A1.multiply(ONE_18)) >= 0) {
            a = a.divide(A1);
            sum = sum.add(X1);
        }
        sum = sum.multiply(BigInteger.valueOf(100));
        a = a.multiply(BigInteger.valueOf(100));
        for (int k = 0; k < A.length; k++) {
            if (a.compareTo(A[k]) >= 0) {
                a = a.multiply(ONE_20).divide(A[k]);
                sum = sum.add(X[k]);
            }
        }
        BigInteger z = a.subtract(ONE_20).multiply(ONE_20).divide(a.add(ONE_20));
        BigInteger zSquared = z.multiply(z).divide(ONE_20);
        BigInteger num = z;
        BigInteger seriesSum = num;
        for (int d = 3; d <= 11; d += 2) {
            num = num.multiply(zSquared).divide(ONE_20);
            seriesSum = seriesSum.add(num.divide(BigInteger.valueOf(d)));
        }
        seriesSum = seriesSum.multiply(BigInteger.TWO);
        return sum.add(seriesSum).divide(BigInteger.valueOf(100));
    }

    /** ln with 36 decimals of an 18-decimal x close to 1 (a tighter series). */
    private static BigInteger ln36(BigInteger x) {
        x = x.multiply(ONE_18);
        BigInteger z = x.subtract(ONE_36).multiply(ONE_36).divide(x.add(ONE_36));
        BigInteger zSquared = z.multiply(z).divide(ONE_36);
        BigInteger num = z;
        BigInteger seriesSum = num;
        for (int d = 3; d <= 15; d += 2) {
            num = num.multiply(zSquared).divide(ONE_36);
            seriesSum = seriesSum.add(num.divide(BigInteger.valueOf(d)));
        }
        return seriesSum.multiply(BigInteger.TWO);
    }
}
