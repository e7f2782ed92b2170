package dev.junction.market.math;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An amount in smallest units as whole tokens, {@code amount / 10^decimals}, rounded once to the nearest double (ties
 * to even): the same double as {@code new BigDecimal(amount).movePointLeft(decimals).doubleValue()}, which is correctly
 * rounded too, without its allocation. That conversion, for amounts of 2^52 smallest units and more (0.0045 of an
 * 18-decimal token), divides BigIntegers: 373 bytes a call. With the bridge fee's division ({@code BridgeCharge}),
 * it was about 6% of a {@code /quote}'s bytes (issue 17, PERFORMANCE "ninth pass").
 *
 * <p>Amounts from 0 to 2^63 - 1 with at most 18 decimals are converted with long arithmetic: the integer part and
 * remainder by one division, then as many binary digits of the fraction as the double needs, by long division one bit
 * at a time, and one rounding with the remainder as the sticky bit. Anything larger goes through BigDecimal.
 */
public final class WholeUnits {

    private static final int MAX_FAST_DECIMALS = 18;
    /** The largest k for which {@link #powerOfTen} answers: 10^18 is the largest power of ten a long holds. */
    public static final int MAX_LONG_POWER_OF_TEN = MAX_FAST_DECIMALS;
    private static final long[] POW10 = new long[MAX_FAST_DECIMALS + 1];
    /** 10^k as doubles, exact for k <= 22. */
    private static final double[] POW10_DOUBLE = new double[MAX_FAST_DECIMALS + 1];
    private static final long TWO_53 = 1L << 53;

    static {
        long p = 1;
        for (int k = 0; k <= MAX_FAST_DECIMALS; k++) {
            POW10[k] = p;
            POW10_DOUBLE[k] = p;
            p *= 10;
        }
    }

    private WholeUnits() {
    }

    /**
     * @param k 0 to {@link #MAX_LONG_POWER_OF_TEN}
     * @return 10^k as a long
     */
    public static long powerOfTen(int k) {
        return POW10[k];
    }

    /**
     * @param amount smallest units, any sign (negative ones through BigDecimal)
     * @param decimals the token's decimals, 0 or more
     * @return {@code amount / 10^decimals}, correctly rounded to a double
     */
    public static double of(BigInteger amount, int decimals) {
        if (amount.signum() < 0 || decimals < 0 || decimals > MAX_FAST_DECIMALS || amount.bitLength() > 63) {
            return new BigDecimal(amount).movePointLeft(decimals).doubleValue();
        }
        return positive(amount.longValue(), decimals);
    }

    /** {@code v / 10^decimals} for 0 <= v < 2^63 and decimals <= 18. */
    static double positive(long v, int decimals) {
        if (decimals == 0 || v == 0) {
            return v;
        }
        if (v <= TWO_53) {
            // both exact as doubles, so the one IEEE division rounds once
            return v / POW10_DOUBLE[decimals];
        }
        long d = POW10[decimals];
        long q = v / d;
        long r = v - q * d;
        if (q >= TWO_53) {
            // 54 or more integer bits: keep 54 (53 and the rounding bit), the rest and the remainder are sticky
            int drop = 64 - Long.numberOfLeadingZeros(q) - 54;
            long n = q >>> drop;
            boolean sticky = r != 0 || (q & ((1L << drop) - 1)) != 0;
            return round(n, sticky, drop);
        }
        // fewer than 54 integer bits (q may be 0): append fraction bits r/d until n has 54 bits.
        // r < d <= 10^18 < 2^60, so 2r never overflows.
        long n = q;
        int fractionBits = 0;
        if (n == 0) {
            // skip the fraction's leading zeros at once: shift r up to just below d
            int shift = Long.numberOfLeadingZeros(r) - Long.numberOfLeadingZeros(d);
            if (shift > 0 && (r << shift) >= d) {
                shift--;
            }
            if (shift > 0) {
                r <<= shift;
                fractionBits = shift;
            }
        }
        while (n < TWO_53) {
            r <<= 1;
            long t = r - d;
            long borrow = t >> 63; // -1 when r < d, else 0
            n = (n << 1) | (borrow + 1);
            r = t + (d & borrow);
            fractionBits++;
        }
        return round(n, r != 0, -fractionBits);
    }

    /** {@code n * 2^exponent} rounded to 53 bits, n having exactly 54 bits; ties to even unless sticky. */
    private static double round(long n, boolean sticky, int exponent) {
        long mantissa = n >>> 1;
        if ((n & 1) != 0 && (sticky || (mantissa & 1) != 0)) {
            mantissa++; // at most 2^53, still exact as a double
        }
        return Math.scalb((double) mantissa, exponent + 1);
    }
}
