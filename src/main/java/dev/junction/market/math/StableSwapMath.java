package dev.junction.market.math;

import java.math.BigInteger;
import java.util.List;

/**
 * Curve StableSwap math of classic pools (e.g. 3pool): {@code get_D}, {@code get_y} by Newton iteration and
 * {@code get_dy}, with rates from decimals and the fee over 10^10. Computed by {@link StableSwapFastPath} on mutable
 * fixed-width integers, and by the plain BigInteger {@link StableSwapReference} when an operand leaves that range: the
 * same operations either way, so the same result to the wei.
 */
public final class StableSwapMath {

    public static final BigInteger FEE_DENOMINATOR = BigInteger.TEN.pow(10);
    private static final BigInteger PRECISION = BigInteger.TEN.pow(18);

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
        requireCoinIndexes(balances.length, i, j);
        BigInteger[] fast = StableSwapFastPath.getDyParts(amp, balances, decimals, fee, i, j, dx);
        return fast != null ? fast : StableSwapReference.getDyParts(amp, balances, decimals, fee, i, j, dx);
    }

    /**
     * {@link #getDyParts(long, BigInteger[], int[], long, int, int, BigInteger)} of a pool's lists as they are, so a
     * quote does not copy them into arrays first.
     */
    public static BigInteger[] getDyParts(long amp, List<BigInteger> balances, List<Integer> decimals, long fee, int i,
            int j, BigInteger dx) {
        requireCoinIndexes(balances.size(), i, j);
        BigInteger[] fast = StableSwapFastPath.getDyParts(amp, balances, decimals, fee, i, j, dx);
        if (fast != null) {
            return fast;
        }
        int[] decimalsArray = decimals.stream().mapToInt(Integer::intValue).toArray();
        return StableSwapReference.getDyParts(amp, balances.toArray(BigInteger[]::new), decimalsArray, fee, i, j, dx);
    }

    private static void requireCoinIndexes(int n, int i, int j) {
        if (i == j || i < 0 || j < 0 || i >= n || j >= n) {
            throw new IllegalArgumentException("coin indexes must differ and be in range");
        }
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
        BigInteger fast = StableSwapFastPath.getD(amp, xp);
        return fast != null ? fast : StableSwapReference.getD(amp, xp);
    }

    /** The balance of coin j that keeps D when coin i's normalised balance becomes x. */
    public static BigInteger getY(long amp, int i, int j, BigInteger x, BigInteger[] xp) {
        BigInteger fast = StableSwapFastPath.getY(amp, i, j, x, xp);
        return fast != null ? fast : StableSwapReference.getY(amp, i, j, x, xp);
    }
}
