package dev.junction.market.math;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Curve StableSwap math of classic pools (e.g. 3pool): {@code get_D}, {@code get_y} by Newton iteration and
 * {@code get_dy}, with rates from decimals and the fee over 10^10.
 */
public final class StableSwapMath {

    public static final BigInteger FEE_DENOMINATOR = BigInteger.TEN.pow(10);
    private static final BigInteger PRECISION = BigInteger.TEN.pow(18);
    private static final int MAX_ITERATIONS = 255;

    private StableSwapMath() {
    }

    private static final BigInteger[] RATES = new BigInteger[37];

    static {
        for (int d = 0; d <= 36; d++) {
            RATES[d] = BigInteger.TEN.pow(36 - d);
        }
    }

    /** {@code rate_i = 10^(36 - decimals_i)}. */
    public static BigInteger rate(int decimals) {
        return decimals >= 0 && decimals <= 36 ? RATES[decimals] : BigInteger.TEN.pow(36 - decimals);
    }

    /**
     * Output of swapping {@code dx} of coin i for coin j, after the fee, as {@code get_dy} returns it.
     *
     * @param amp the contract's A (already A*n^(n-1) as stored); Ann = A*N
     * @param balances coin balances, smallest units
     * @param decimals coin decimals
     * @param fee fee over 10^10 (4_000_000 = 0.04%)
     * @return dy in coin j's smallest units; zero when dx is too small to yield anything
     */
    public static BigInteger getDy(long amp, BigInteger[] balances, int[] decimals, long fee, int i, int j, BigInteger dx) {
        BigInteger[] parts = getDyParts(amp, balances, decimals, fee, i, j, dx);
        return parts[0];
    }

    /**
     * @return {dy after fee, fee amount} in coin j's smallest units
     */
    public static BigInteger[] getDyParts(long amp, BigInteger[] balances, int[] decimals, long fee, int i, int j, BigInteger dx) {
        int n = balances.length;
        if (i == j || i < 0 || j < 0 || i >= n || j >= n) {
            throw new IllegalArgumentException("coin indexes must differ and be in range");
        }
        BigInteger[] xp = new BigInteger[n];
        for (int k = 0; k < n; k++) {
            xp[k] = normalise(balances[k], decimals[k]);
        }
        BigInteger x = xp[i].add(normalise(dx, decimals[i]));
        BigInteger y = getY(amp, i, j, x, xp);
        BigInteger dyScaled = xp[j].subtract(y).subtract(BigInteger.ONE);
        if (dyScaled.signum() <= 0) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO};
        }
        BigInteger dy = denormalise(dyScaled, decimals[j]);
        BigInteger feeAmount = BigInteger.valueOf(fee).multiply(dy).divide(FEE_DENOMINATOR);
        return new BigInteger[] {dy.subtract(feeAmount), feeAmount};
    }

    /**
     * {@code amount * rate(decimals) / 10^18} (the contract's {@code xp}), truncated like BigInteger division. Both
     * factors are powers of ten, so this is {@code amount * 10^(18 - decimals)} exactly, or {@code amount} divided by
     * {@code 10^(decimals - 18)}: the same rational number, truncated the same way, with one operation instead of two.
     */
    static BigInteger normalise(BigInteger amount, int decimals) {
        if (decimals < 0 || decimals > 36) {
            return amount.multiply(rate(decimals)).divide(PRECISION);
        }
        return decimals <= 18 ? amount.multiply(RATES[18 + decimals]) : amount.divide(RATES[54 - decimals]);
    }

    /** {@code amount * 10^18 / rate(decimals)} (back to the coin's units), truncated; see {@link #normalise}. */
    static BigInteger denormalise(BigInteger amount, int decimals) {
        if (decimals < 0 || decimals > 36) {
            return amount.multiply(PRECISION).divide(rate(decimals));
        }
        return decimals >= 18 ? amount.multiply(RATES[54 - decimals]) : amount.divide(RATES[18 + decimals]);
    }

    /** The invariant D for normalised balances xp (memoised: a pool state is quoted for many amounts). */
    public static BigInteger getD(long amp, BigInteger[] xp) {
        InvariantKey key = new InvariantKey(amp, List.of(xp));
        BigInteger d = INVARIANTS.get(key);
        if (d == null) {
            d = computeD(amp, xp);
            if (INVARIANTS.size() >= INVARIANT_CACHE_MAX) {
                INVARIANTS.clear();
            }
            INVARIANTS.put(key, d);
        }
        return d;
    }

    private record InvariantKey(long amp, List<BigInteger> xp) {
    }

    private static final Map<InvariantKey, BigInteger> INVARIANTS = new ConcurrentHashMap<>();
    private static final int INVARIANT_CACHE_MAX = 10_000;

    private static BigInteger computeD(long amp, BigInteger[] xp) {
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

    /** The balance of coin j that keeps D when coin i's normalised balance becomes x. */
    public static BigInteger getY(long amp, int i, int j, BigInteger x, BigInteger[] xp) {
        int n = xp.length;
        BigInteger bigN = BigInteger.valueOf(n);
        BigInteger d = getD(amp, xp);
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
