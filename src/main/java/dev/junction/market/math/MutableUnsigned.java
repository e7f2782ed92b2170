package dev.junction.market.math;

import java.math.BigInteger;

/**
 * A non-negative integer of fixed capacity on little-endian 32-bit limbs, changed in place: the StableSwap fast path
 * runs its Newton iterations in a handful of these instead of allocating BigInteger temporaries each step. Every
 * operation is exact; one whose result would not fit the destination's capacity, a negative difference or a division
 * by zero throws {@link OutOfRange} (a shared instance without a stack trace), and the caller falls back to the
 * BigInteger reference, which then gives today's result or exception.
 */
final class MutableUnsigned {

    /** Limbs of a uint256, the contract's word. */
    static final int WORD_LIMBS = 8;
    /** Limbs of a product of two words. */
    static final int PRODUCT_LIMBS = 2 * WORD_LIMBS;

    private static final long MASK = 0xFFFF_FFFFL;
    private static final long BASE = 1L << 32;

    /** Thrown when a value leaves the range of the fast path; never escapes the math package. */
    static final class OutOfRange extends RuntimeException {

        static final OutOfRange INSTANCE = new OutOfRange();

        private OutOfRange() {
            super("out of the fast path's range", null, false, false);
        }
    }

    final int[] limbs;
    int length;

    MutableUnsigned(int capacity) {
        limbs = new int[capacity];
    }

    static MutableUnsigned word() {
        return new MutableUnsigned(WORD_LIMBS);
    }

    static MutableUnsigned product() {
        return new MutableUnsigned(PRODUCT_LIMBS);
    }

    boolean isZero() {
        return length == 0;
    }

    MutableUnsigned setLong(long value) {
        if (value < 0) {
            throw OutOfRange.INSTANCE;
        }
        limbs[0] = (int) value;
        limbs[1] = (int) (value >>> 32);
        length = value == 0 ? 0 : (value >>> 32) == 0 ? 1 : 2;
        return this;
    }

    /** Sets this to a BigInteger; out of range when it is negative or wider than this capacity. */
    MutableUnsigned set(BigInteger value) {
        if (value.signum() < 0 || value.bitLength() > 32 * limbs.length) {
            throw OutOfRange.INSTANCE;
        }
        if (value.bitLength() <= 63) {
            return setLong(value.longValue());
        }
        byte[] bytes = value.toByteArray();
        int count = (bytes.length + 3) / 4;
        for (int k = 0; k < Math.min(count, limbs.length); k++) {
            limbs[k] = 0;
        }
        for (int b = 0; b < bytes.length; b++) {
            int position = bytes.length - 1 - b;
            int limb = position >>> 2;
            if (limb < limbs.length) {
                limbs[limb] |= (bytes[b] & 0xFF) << ((position & 3) << 3);
            }
        }
        length = Math.min(count, limbs.length);
        normalise();
        return this;
    }

    MutableUnsigned set(MutableUnsigned other) {
        requireCapacity(other.length);
        System.arraycopy(other.limbs, 0, limbs, 0, other.length);
        length = other.length;
        return this;
    }

    BigInteger toBigInteger() {
        if (length <= 2 && (length < 2 || limbs[1] >= 0)) {
            return BigInteger.valueOf(length == 0 ? 0 : (limbs[0] & MASK) | (length == 2 ? (long) limbs[1] << 32 : 0));
        }
        byte[] magnitude = new byte[4 * length];
        for (int k = 0; k < length; k++) {
            int at = magnitude.length - 4 * k - 1;
            int limb = limbs[k];
            magnitude[at] = (byte) limb;
            magnitude[at - 1] = (byte) (limb >>> 8);
            magnitude[at - 2] = (byte) (limb >>> 16);
            magnitude[at - 3] = (byte) (limb >>> 24);
        }
        return new BigInteger(1, magnitude);
    }

    /** Compares magnitudes: negative, zero or positive as a is below, equal to or above b. */
    static int compare(MutableUnsigned a, MutableUnsigned b) {
        if (a.length != b.length) {
            return a.length < b.length ? -1 : 1;
        }
        for (int k = a.length - 1; k >= 0; k--) {
            if (a.limbs[k] != b.limbs[k]) {
                return Integer.compareUnsigned(a.limbs[k], b.limbs[k]);
            }
        }
        return 0;
    }

    /** True when |a - b| <= 1, without computing the difference. */
    static boolean withinOne(MutableUnsigned a, MutableUnsigned b) {
        int order = compare(a, b);
        if (order == 0) {
            return true;
        }
        MutableUnsigned high = order > 0 ? a : b;
        MutableUnsigned low = order > 0 ? b : a;
        // high - low == 1 exactly when low + 1 == high: low's lowest limbs are all ones that carry up to high's.
        int k = 0;
        while (k < low.length && low.limbs[k] == -1) {
            if (k >= high.length || high.limbs[k] != 0) {
                return false;
            }
            k++;
        }
        int lowLimb = k < low.length ? low.limbs[k] : 0;
        int highLimb = k < high.length ? high.limbs[k] : 0;
        if (highLimb != lowLimb + 1) {
            return false;
        }
        for (int m = k + 1; m < Math.max(low.length, high.length); m++) {
            int l = m < low.length ? low.limbs[m] : 0;
            int h = m < high.length ? high.limbs[m] : 0;
            if (l != h) {
                return false;
            }
        }
        return true;
    }

    /** this = a + b; this may be a or b. */
    MutableUnsigned add(MutableUnsigned a, MutableUnsigned b) {
        MutableUnsigned longer = a.length >= b.length ? a : b;
        MutableUnsigned shorter = longer == a ? b : a;
        int n = longer.length;
        requireCapacity(n);
        long carry = 0;
        for (int k = 0; k < n; k++) {
            long sum = (longer.limbs[k] & MASK) + (k < shorter.length ? shorter.limbs[k] & MASK : 0) + carry;
            limbs[k] = (int) sum;
            carry = sum >>> 32;
        }
        if (carry != 0) {
            requireCapacity(n + 1);
            limbs[n++] = 1;
        }
        length = n;
        return this;
    }

    /** this = a - b, out of range when b > a; this may be a or b. */
    MutableUnsigned subtract(MutableUnsigned a, MutableUnsigned b) {
        if (compare(a, b) < 0) {
            throw OutOfRange.INSTANCE;
        }
        int n = a.length;
        requireCapacity(n);
        long borrow = 0;
        for (int k = 0; k < n; k++) {
            long difference = (a.limbs[k] & MASK) - (k < b.length ? b.limbs[k] & MASK : 0) - borrow;
            limbs[k] = (int) difference;
            borrow = difference < 0 ? 1 : 0;
        }
        length = n;
        normalise();
        return this;
    }

    /** this = a * b; this must be neither a nor b. */
    MutableUnsigned multiply(MutableUnsigned a, MutableUnsigned b) {
        if (a.length == 0 || b.length == 0) {
            length = 0;
            return this;
        }
        int n = a.length + b.length;
        requireCapacity(n - 1);
        int[] out = limbs;
        int product = Math.min(n, out.length);
        for (int k = 0; k < product; k++) {
            out[k] = 0;
        }
        for (int x = 0; x < a.length; x++) {
            long ax = a.limbs[x] & MASK;
            long carry = 0;
            for (int y = 0; y < b.length; y++) {
                long t = ax * (b.limbs[y] & MASK) + (out[x + y] & MASK) + carry;
                out[x + y] = (int) t;
                carry = t >>> 32;
            }
            if (x + b.length < out.length) {
                out[x + b.length] = (int) carry;
            } else if (carry != 0) {
                throw OutOfRange.INSTANCE;
            }
        }
        length = product;
        normalise();
        return this;
    }

    /** this = a * factor for a factor of 0 to 2^32 - 1; this may be a. */
    MutableUnsigned multiply(MutableUnsigned a, int factor) {
        long f = factor & MASK;
        if (f == 0 || a.length == 0) {
            length = 0;
            return this;
        }
        int n = a.length;
        requireCapacity(n);
        long carry = 0;
        for (int k = 0; k < n; k++) {
            long t = (a.limbs[k] & MASK) * f + carry;
            limbs[k] = (int) t;
            carry = t >>> 32;
        }
        if (carry != 0) {
            requireCapacity(n + 1);
            limbs[n++] = (int) carry;
        }
        length = n;
        return this;
    }

    /**
     * Truncated division {@code this = numerator / divisor} (Knuth's algorithm D, as in Hacker's Delight's divmnu);
     * this must be neither operand. Out of range on a zero divisor.
     */
    MutableUnsigned divide(MutableUnsigned numerator, MutableUnsigned divisor, Scratch scratch) {
        int n = divisor.length;
        int m = numerator.length;
        if (n == 0) {
            throw OutOfRange.INSTANCE;
        }
        if (m < n) {
            scratch.inexact = m != 0;
            length = 0;
            return this;
        }
        int[] quotient = scratch.quotient;
        if (n == 1) {
            long d = divisor.limbs[0] & MASK;
            long remainder = 0;
            for (int k = m - 1; k >= 0; k--) {
                long current = (remainder << 32) | (numerator.limbs[k] & MASK);
                long q = Long.divideUnsigned(current, d);
                quotient[k] = (int) q;
                remainder = current - q * d;
            }
            scratch.inexact = remainder != 0;
            return setQuotient(quotient, m);
        }
        int[] un = scratch.numerator;
        int[] vn = scratch.divisor;
        int s = Integer.numberOfLeadingZeros(divisor.limbs[n - 1]);
        int[] v = divisor.limbs;
        int[] u = numerator.limbs;
        if (s == 0) {
            System.arraycopy(v, 0, vn, 0, n);
            System.arraycopy(u, 0, un, 0, m);
            un[m] = 0;
        } else {
            for (int k = n - 1; k > 0; k--) {
                vn[k] = (v[k] << s) | (v[k - 1] >>> (32 - s));
            }
            vn[0] = v[0] << s;
            un[m] = u[m - 1] >>> (32 - s);
            for (int k = m - 1; k > 0; k--) {
                un[k] = (u[k] << s) | (u[k - 1] >>> (32 - s));
            }
            un[0] = u[0] << s;
        }
        long vTop = vn[n - 1] & MASK;
        long vNext = vn[n - 2] & MASK;
        for (int j = m - n; j >= 0; j--) {
            long top = ((un[j + n] & MASK) << 32) | (un[j + n - 1] & MASK);
            long qhat = Long.divideUnsigned(top, vTop);
            long rhat = top - qhat * vTop;
            while (qhat >= BASE || Long.compareUnsigned(qhat * vNext, (rhat << 32) | (un[j + n - 2] & MASK)) > 0) {
                qhat--;
                rhat += vTop;
                if (rhat >= BASE) {
                    break;
                }
            }
            long borrow = 0;
            long t;
            for (int k = 0; k < n; k++) {
                long p = qhat * (vn[k] & MASK);
                t = (un[k + j] & MASK) - borrow - (p & MASK);
                un[k + j] = (int) t;
                borrow = (p >>> 32) - (t >> 32);
            }
            t = (un[j + n] & MASK) - borrow;
            un[j + n] = (int) t;
            if (t < 0) {
                qhat--;
                long carry = 0;
                for (int k = 0; k < n; k++) {
                    t = (un[k + j] & MASK) + (vn[k] & MASK) + carry;
                    un[k + j] = (int) t;
                    carry = t >>> 32;
                }
                un[j + n] += (int) carry;
                scratch.addBacks++;
            }
            quotient[j] = (int) qhat;
        }
        boolean inexact = false;
        for (int k = 0; k < n && !inexact; k++) {
            inexact = un[k] != 0;
        }
        scratch.inexact = inexact;
        return setQuotient(quotient, m - n + 1);
    }

    /** The number of bits of the value, as {@link BigInteger#bitLength()}. */
    int bitLength() {
        return length == 0 ? 0 : 32 * length - Integer.numberOfLeadingZeros(limbs[length - 1]);
    }

    /** Sets this to the little-endian limbs of a table entry (a cached constant). */
    MutableUnsigned setLimbs(int[] value) {
        int n = value.length;
        requireCapacity(n);
        System.arraycopy(value, 0, limbs, 0, n);
        length = n;
        normalise();
        return this;
    }

    /** The limbs of this value, trimmed, for a table of constants. */
    int[] toLimbs() {
        int[] out = new int[length];
        System.arraycopy(limbs, 0, out, 0, length);
        return out;
    }

    /** this = this + 1. */
    MutableUnsigned increment() {
        for (int k = 0; k < length; k++) {
            if (++limbs[k] != 0) {
                return this;
            }
        }
        requireCapacity(length + 1);
        limbs[length++] = 1;
        return this;
    }

    /** this = a * 2^bits; this may be a. */
    MutableUnsigned shiftLeft(MutableUnsigned a, int bits) {
        if (a.length == 0) {
            length = 0;
            return this;
        }
        int words = bits >>> 5;
        int shift = bits & 31;
        int n = a.length + words + (shift == 0 ? 0 : 1);
        requireCapacity(n - (shift == 0 ? 0 : 1));
        int[] src = a.limbs;
        int top = shift == 0 ? 0 : src[a.length - 1] >>> (32 - shift);
        if (top != 0) {
            requireCapacity(n);
        }
        if (shift == 0) {
            for (int k = a.length - 1; k >= 0; k--) {
                limbs[k + words] = src[k];
            }
        } else {
            if (n <= limbs.length) {
                limbs[n - 1] = top;
            }
            for (int k = a.length - 1; k > 0; k--) {
                limbs[k + words] = (src[k] << shift) | (src[k - 1] >>> (32 - shift));
            }
            limbs[words] = src[0] << shift;
        }
        for (int k = 0; k < words; k++) {
            limbs[k] = 0;
        }
        length = Math.min(n, limbs.length);
        normalise();
        return this;
    }

    /** this = floor(a / 2^bits); this may be a. */
    MutableUnsigned shiftRight(MutableUnsigned a, int bits) {
        int words = bits >>> 5;
        int shift = bits & 31;
        int n = a.length - words;
        if (n <= 0) {
            length = 0;
            return this;
        }
        requireCapacity(n);
        int[] src = a.limbs;
        for (int k = 0; k < n; k++) {
            int low = src[k + words] >>> shift;
            int high = shift == 0 || k + words + 1 >= a.length ? 0 : src[k + words + 1] << (32 - shift);
            limbs[k] = low | high;
        }
        length = n;
        normalise();
        return this;
    }

    /** Whether any of the lowest {@code bits} bits is set. */
    boolean anyLowBitSet(int bits) {
        int words = bits >>> 5;
        for (int k = 0; k < Math.min(words, length); k++) {
            if (limbs[k] != 0) {
                return true;
            }
        }
        int shift = bits & 31;
        return shift != 0 && words < length && (limbs[words] & ((1 << shift) - 1)) != 0;
    }

    private MutableUnsigned setQuotient(int[] quotient, int count) {
        while (count > 0 && quotient[count - 1] == 0) {
            count--;
        }
        requireCapacity(count);
        System.arraycopy(quotient, 0, limbs, 0, count);
        length = count;
        return this;
    }

    private void requireCapacity(int n) {
        if (n > limbs.length) {
            throw OutOfRange.INSTANCE;
        }
    }

    private void normalise() {
        while (length > 0 && limbs[length - 1] == 0) {
            length--;
        }
    }

    /** Work arrays of one division, shared by the divisions of one computation. */
    static final class Scratch {

        final int[] quotient = new int[PRODUCT_LIMBS + 1];
        final int[] numerator = new int[PRODUCT_LIMBS + 1];
        final int[] divisor = new int[PRODUCT_LIMBS];
        /** How often a quotient digit was one too large and added back (rare; counted for the tests). */
        int addBacks;
        /** Whether the last division left a remainder (the quotient was truncated). */
        boolean inexact;
    }
}
