package dev.junction.market.math;

import dev.junction.market.math.MutableUnsigned.OutOfRange;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@code get_dy}, {@code get_D} and {@code get_y} of {@link StableSwapReference}, the same iterations step for step
 * (start values, update formulas, truncating divisions, stop rule, 255 rounds, the same exception when they do not
 * converge), on a few {@link MutableUnsigned} registers of one computation instead of BigInteger temporaries. Under
 * /quote load the BigInteger form allocated a fifth of the service's bytes. Each entry point returns {@code null} when
 * an operand or intermediate leaves the range handled here (negative, above 2^256 as an input or word, above 2^512 as
 * a product, a zero divisor, decimals outside 0..36): the caller then runs the reference, which gives today's result or
 * exception. Within range every operation is exact, so the result is the reference's to the wei.
 *
 * <p>An instance is the workspace of one computation at a time (about 1.5 KB of registers); finished ones wait in a
 * small striped pool for the next call, so steady-state quoting allocates only its BigInteger results.
 */
final class StableSwapFastPath {

    /** Pools of more coins than this take the reference path. */
    private static final int MAX_COINS = 8;
    private static final long FEE_DENOMINATOR = 10_000_000_000L;
    private static final int TEN_POW_9 = 1_000_000_000;
    private static final int[] SMALL_POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};
    private static final long[] POWERS = new long[19];

    static {
        POWERS[0] = 1;
        for (int k = 1; k < POWERS.length; k++) {
            POWERS[k] = POWERS[k - 1] * 10;
        }
    }

    /** Spare workspaces, taken with getAndSet(null) so no two threads ever share one. */
    private static final AtomicReferenceArray<StableSwapFastPath> SPARE = new AtomicReferenceArray<>(16);

    private int n;
    private final MutableUnsigned[] xp = new MutableUnsigned[MAX_COINS];
    private final MutableUnsigned x = MutableUnsigned.word();
    private final MutableUnsigned d = MutableUnsigned.word();
    private final MutableUnsigned ann = MutableUnsigned.word();
    private final MutableUnsigned s = MutableUnsigned.word();
    private final MutableUnsigned c = MutableUnsigned.word();
    private final MutableUnsigned b = MutableUnsigned.word();
    /** dP of get_D, y of get_y. */
    private final MutableUnsigned iterate = MutableUnsigned.word();
    private final MutableUnsigned previous = MutableUnsigned.word();
    private final MutableUnsigned numerator = MutableUnsigned.product();
    private final MutableUnsigned denominator = MutableUnsigned.product();
    private final MutableUnsigned term = MutableUnsigned.product();
    private final MutableUnsigned.Scratch scratch = new MutableUnsigned.Scratch();

    private StableSwapFastPath() {
        for (int k = 0; k < MAX_COINS; k++) {
            xp[k] = MutableUnsigned.word();
        }
    }

    /** A workspace for a pool of n coins and this A, from the pool when one is spare; give it back with release. */
    private static StableSwapFastPath acquire(long amp, int n) {
        StableSwapFastPath f = SPARE.getAndSet(slot(), null);
        if (f == null) {
            f = new StableSwapFastPath();
        }
        f.n = n;
        f.ann.setLong(amp).multiply(f.ann, n);
        return f;
    }

    private static void release(StableSwapFastPath f) {
        SPARE.setRelease(slot(), f);
    }

    private static int slot() {
        return (int) Thread.currentThread().threadId() & (SPARE.length() - 1);
    }

    /** {@link StableSwapMath#getDyParts} of a pool's lists, or null when out of range. */
    static BigInteger[] getDyParts(long amp, List<BigInteger> balances, List<Integer> decimals, long fee, int i,
            int j, BigInteger dx) {
        int n = balances.size();
        if (!inRange(amp, n) || decimals.size() != n || fee < 0 || fee >= FEE_DENOMINATOR) {
            return null;
        }
        StableSwapFastPath f = acquire(amp, n);
        try {
            for (int k = 0; k < n; k++) {
                f.normalise(f.xp[k].set(balances.get(k)), decimals.get(k));
            }
            return f.dyParts(fee, i, j, decimals.get(i), decimals.get(j), dx);
        } catch (OutOfRange e) {
            return null;
        } finally {
            release(f);
        }
    }

    /** {@link StableSwapMath#getDyParts} of arrays, or null when out of range. */
    static BigInteger[] getDyParts(long amp, BigInteger[] balances, int[] decimals, long fee, int i, int j,
            BigInteger dx) {
        int n = balances.length;
        if (!inRange(amp, n) || decimals.length != n || fee < 0 || fee >= FEE_DENOMINATOR) {
            return null;
        }
        StableSwapFastPath f = acquire(amp, n);
        try {
            for (int k = 0; k < n; k++) {
                f.normalise(f.xp[k].set(balances[k]), decimals[k]);
            }
            return f.dyParts(fee, i, j, decimals[i], decimals[j], dx);
        } catch (OutOfRange e) {
            return null;
        } finally {
            release(f);
        }
    }

    /** {@link StableSwapMath#getD}, or null when out of range. */
    static BigInteger getD(long amp, BigInteger[] xp) {
        if (!inRange(amp, xp.length)) {
            return null;
        }
        StableSwapFastPath f = acquire(amp, xp.length);
        try {
            f.setBalances(xp);
            f.invariant();
            return f.d.toBigInteger();
        } catch (OutOfRange e) {
            return null;
        } finally {
            release(f);
        }
    }

    /** {@link StableSwapMath#getY}, or null when out of range. */
    static BigInteger getY(long amp, int i, int j, BigInteger x, BigInteger[] xp) {
        if (!inRange(amp, xp.length)) {
            return null;
        }
        StableSwapFastPath f = acquire(amp, xp.length);
        try {
            f.setBalances(xp);
            f.x.set(x);
            f.invariant();
            return f.balanceOut(i, j).toBigInteger();
        } catch (OutOfRange e) {
            return null;
        } finally {
            release(f);
        }
    }

    private static boolean inRange(long amp, int n) {
        return amp > 0 && n >= 2 && n <= MAX_COINS;
    }

    private void setBalances(BigInteger[] balances) {
        for (int k = 0; k < n; k++) {
            xp[k].set(balances[k]);
        }
    }

    private BigInteger[] dyParts(long fee, int i, int j, int decimalsIn, int decimalsOut, BigInteger dx) {
        normalise(x.set(dx), decimalsIn);
        x.add(x, xp[i]);
        invariant();
        MutableUnsigned y = balanceOut(i, j);
        // dyScaled = xp[j] - y - 1 is positive only when xp[j] > y + 1.
        if (MutableUnsigned.compare(xp[j], y) <= 0 || MutableUnsigned.withinOne(xp[j], y)) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO};
        }
        MutableUnsigned dy = s.subtract(xp[j], y).subtract(s, previous.setLong(1));
        denormalise(dy, decimalsOut);
        MutableUnsigned feeAmount = c.divide(term.multiply(dy, numerator.setLong(fee)),
                denominator.setLong(FEE_DENOMINATOR), scratch);
        return new BigInteger[] {b.subtract(dy, feeAmount).toBigInteger(), feeAmount.toBigInteger()};
    }

    /** {@link StableSwapMath#normalise}: amount * 10^(18 - decimals), or amount / 10^(decimals - 18), in place. */
    private void normalise(MutableUnsigned amount, int decimals) {
        if (decimals < 0 || decimals > 36) {
            throw OutOfRange.INSTANCE;
        }
        if (decimals <= 18) {
            multiplyByPowerOfTen(amount, 18 - decimals);
        } else {
            divideByPowerOfTen(amount, decimals - 18);
        }
    }

    /** {@link StableSwapMath#denormalise}: amount * 10^(decimals - 18), or amount / 10^(18 - decimals), in place. */
    private void denormalise(MutableUnsigned amount, int decimals) {
        if (decimals < 0 || decimals > 36) {
            throw OutOfRange.INSTANCE;
        }
        if (decimals >= 18) {
            multiplyByPowerOfTen(amount, decimals - 18);
        } else {
            divideByPowerOfTen(amount, 18 - decimals);
        }
    }

    private static void multiplyByPowerOfTen(MutableUnsigned amount, int exponent) {
        while (exponent >= 9) {
            amount.multiply(amount, TEN_POW_9);
            exponent -= 9;
        }
        if (exponent > 0) {
            amount.multiply(amount, SMALL_POWERS[exponent]);
        }
    }

    private void divideByPowerOfTen(MutableUnsigned amount, int exponent) {
        if (exponent > 0) {
            amount.divide(term.set(amount), denominator.setLong(POWERS[exponent]), scratch);
        }
    }

    /** D of xp into {@code d}, from the shared memo when this state was seen before. */
    private void invariant() {
        if (!InvariantMemo.lookUp(ann, xp, n, d)) {
            computeD();
            InvariantMemo.remember(ann, xp, n, d);
        }
    }

    /** {@link StableSwapReference#getD}, operation for operation. */
    private void computeD() {
        s.setLong(0);
        for (int k = 0; k < n; k++) {
            s.add(s, xp[k]);
        }
        if (s.isZero()) {
            d.setLong(0);
            return;
        }
        d.set(s);
        MutableUnsigned dP = iterate;
        for (int it = 0; it < StableSwapReference.MAX_ITERATIONS; it++) {
            dP.set(d);
            for (int k = 0; k < n; k++) {
                dP.divide(numerator.multiply(dP, d), denominator.multiply(xp[k], n), scratch);
            }
            previous.set(d);
            // numerator = (Ann * S + dP * N) * D
            numerator.multiply(term.multiply(ann, s).add(term, c.set(dP).multiply(c, n)), d);
            // denominator = (Ann - 1) * D + (N + 1) * dP
            b.set(ann).subtract(b, c.setLong(1));
            denominator.multiply(b, d).add(denominator, term.set(dP).multiply(term, n + 1));
            d.divide(numerator, denominator, scratch);
            if (MutableUnsigned.withinOne(d, previous)) {
                return;
            }
        }
        throw new ArithmeticException("get_D did not converge");
    }

    /** {@link StableSwapReference#getY} with D in {@code d} and coin i's new balance in {@code x}; returns y. */
    private MutableUnsigned balanceOut(int i, int j) {
        c.set(d);
        s.setLong(0);
        for (int k = 0; k < n; k++) {
            if (k == j) {
                continue;
            }
            MutableUnsigned xk = k == i ? x : xp[k];
            s.add(s, xk);
            c.divide(numerator.multiply(c, d), denominator.multiply(xk, n), scratch);
        }
        c.divide(numerator.multiply(c, d), denominator.multiply(ann, n), scratch);
        b.divide(d, ann, scratch).add(b, s);
        MutableUnsigned y = iterate.set(d);
        for (int it = 0; it < StableSwapReference.MAX_ITERATIONS; it++) {
            previous.set(y);
            numerator.multiply(y, y).add(numerator, c);
            // 2y + b - D; the reference divides by zero or goes negative when this is not positive.
            denominator.add(y, y).add(denominator, b);
            if (MutableUnsigned.compare(denominator, d) <= 0) {
                throw OutOfRange.INSTANCE;
            }
            denominator.subtract(denominator, d);
            y.divide(numerator, denominator, scratch);
            if (MutableUnsigned.withinOne(y, previous)) {
                return y;
            }
        }
        throw new ArithmeticException("get_y did not converge");
    }
}
