package dev.junction.gasless;

import java.math.BigInteger;

/**
 * A Permit2 unordered nonce: bit {@code bitPos} of word {@code wordPos} in the owner's nonce bitmap. Using it flips the
 * bit; Permit2 reverts {@code InvalidNonce} on reuse.
 *
 * @param value the nonce, at least 0 (Junction hands out values below 2^63)
 */
public record PermitNonce(long value) {

    public PermitNonce {
        if (value < 0) {
            throw new IllegalArgumentException("a Permit2 nonce must be >= 0");
        }
    }

    /** {@code nonce >> 8}: the bitmap word. */
    public long wordPos() {
        return value >>> 8;
    }

    /** {@code nonce & 0xff}: the bit in the word. */
    public int bitPos() {
        return (int) (value & 0xff);
    }

    public BigInteger toBigInteger() {
        return BigInteger.valueOf(value);
    }
}
