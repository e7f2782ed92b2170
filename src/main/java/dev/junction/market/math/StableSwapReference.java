package dev.junction.market.math;

import java.math.BigInteger;

/**
 * The plain BigInteger form of the StableSwap math, step for step the contract's: the fallback of
 * {@link StableSwapMath} when an operand leaves the range of its fast path, and the reference the tests compare the
 * fast path with. Nothing memoised, so a test comparing the two compares computations.
 */
final class StableSwapReference {

    static final int MAX_ITERATIONS = 255;

    private StableSwapReference() {
    }

    /** {@code get_dy} as {dy after fee, fee amount} in coin j's smallest units. */
    static BigInteger[] getDyParts(long amp, BigInteger[] balances, int[] decimals, long fee, int i, int j,
            BigInteger dx) {
        int n = balances.length;
        BigInteger[] xp = new BigInteger[n];
        for (int k = 0; k < n; k++) {
            xp[k] = StableSwapMath.normalise(balances[k], decimals[k]);
        }
        BigInteger x = xp[i].add(StableSwapMath.normalise(dx, decimals[i]));
        BigInteger y = getY(amp, i, j, x, xp);
        BigInteger dyScaled = xp[j].subtract(y).subtract(BigInteger.ONE);
        if (dyScaled.signum() <= 0) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO};
        }
        BigInteger dy = StableSwapMath.denormalise(dyScaled, decimals[j]);
        BigInteger feeAmount = BigInteger.valueOf(fee).multiply(dy).divide(StableSwapMath.FEE_DENOMINATOR);
        return new BigInteger[] {dy.subtract(feeAmount), feeAmount};
    }

    /** The invariant D of normalised balances xp by Newton iteration from D = sum(xp). */
    static BigInteger getD(long amp, BigInteger[] xp) {
        int n = xp.length;
        BigInteger bigN = BigInteger.valueOf(n);
        BigInteger s = BigInteger.ZERO;
        for (BigInteger x : xp) {
            s = s.add(x);
        }
        if (s.signum() == 0) {
            return BigInteger.ZERO;
        }
        BigInteger ann = BigInteger.valueOf(amp).multiply(bigN);
        BigInteger d = s;
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            BigInteger dP = d;
            for (BigInteger x : xp) {
                dP = dP.multiply(d).divide(x.multiply(bigN));
            }
            BigInteger dPrev = d;
            BigInteger numerator = ann.multiply(s).add(dP.multiply(bigN)).multiply(d);
            BigInteger denominator = ann.subtract(BigInteger.ONE).multiply(d).add(bigN.add(BigInteger.ONE).multiply(dP));
            d = numerator.divide(denominator);
            if (d.subtract(dPrev).abs().compareTo(BigInteger.ONE) <= 0) {
                return d;
            }
        }
        throw new ArithmeticException("get_D did not converge");
    }

    /** The balance of coin j that keeps D when coin i's normalised balance becomes x, by Newton iteration from y = D. */
    static BigInteger getY(long amp, int i, int j, BigInteger x, BigInteger[] xp) {
        return getY(amp, i, j, x, xp, getD(amp, xp));
    }

    static BigInteger getY(long amp, int i, int j, BigInteger x, BigInteger[] xp, BigInteger d) {
        int n = xp.length;
        BigInteger bigN = BigInteger.valueOf(n);
        BigInteger ann = BigInteger.valueOf(amp).multiply(bigN);
        BigInteger c = d;
        BigInteger s = BigInteger.ZERO;
        for (int k = 0; k < n; k++) {
            if (k == j) {
                continue;
            }
            BigInteger xk = k == i ? x : xp[k];
            s = s.add(xk);
            c = c.multiply(d).divide(xk.multiply(bigN));
        }
        c = c.multiply(d).divide(ann.multiply(bigN));
        BigInteger b = s.add(d.divide(ann));
        BigInteger y = d;
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            BigInteger yPrev = y;
            y = y.multiply(y).add(c).divide(y.multiply(BigInteger.TWO).add(b).subtract(d));
            if (y.subtract(yPrev).abs().compareTo(BigInteger.ONE) <= 0) {
                return y;
            }
        }
        throw new ArithmeticException("get_y did not converge");
    }
}
