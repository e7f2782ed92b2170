package dev.junction.chain;

import java.math.BigInteger;

/**
 * A token amount in the token's smallest unit (wei for ETH, 10^-6 USDC for USDC): an unsigned 256-bit integer.
 *
 * @param value from 0 to 2^256 - 1
 */
public record Amount(BigInteger value) implements Comparable<Amount> {

    public static final BigInteger MAX_UINT256 = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
    public static final Amount ZERO = new Amount(BigInteger.ZERO);

    public Amount {
        if (value == null || value.signum() < 0 || value.compareTo(MAX_UINT256) > 0) {
            throw new IllegalArgumentException("an amount must be an integer from 0 to 2^256 - 1");
        }
    }

    public static Amount of(long value) {
        return new Amount(BigInteger.valueOf(value));
    }

    public static Amount of(BigInteger value) {
        return new Amount(value);
    }

    /**
     * Parses a base-10 integer string with no sign, no exponent and no separators.
     *
     * @throws IllegalArgumentException when the text is not such a string or the value is out of range
     */
    public static Amount parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 78) {
            throw new IllegalArgumentException("an amount must be a base-10 integer string below 2^256");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("an amount must be a base-10 integer string below 2^256");
            }
        }
        return new Amount(new BigInteger(text));
    }

    public boolean isZero() {
        return value.signum() == 0;
    }

    public Amount plus(Amount other) {
        return new Amount(value.add(other.value));
    }

    /** @throws IllegalArgumentException when the result would be negative */
    public Amount minus(Amount other) {
        return new Amount(value.subtract(other.value));
    }

    @Override
    public int compareTo(Amount o) {
        return value.compareTo(o.value);
    }

    /** The decimal string, as amounts appear on the wire. */
    @Override
    public String toString() {
        return value.toString();
    }
}
