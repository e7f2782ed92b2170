package dev.junction.chain;

import java.math.BigInteger;
import java.util.Locale;

/**
 * A 32-byte value that is not a number: a block hash, an event topic, an init code hash, a {@code bytes32} quote id.
 * Held as lower-case {@code 0x}-prefixed hex (66 characters), the form JSON-RPC and the API write.
 *
 * @param value {@code 0x} and 64 hex digits, lower-case
 */
public record Bytes32(String value) {

    /** Thirty-two zero bytes. */
    public static final Bytes32 ZERO = new Bytes32("0x" + "0".repeat(64));

    public Bytes32 {
        if (!isBytes32(value)) {
            throw new IllegalArgumentException("a 32-byte value must be 0x followed by 64 hex digits, was " + value);
        }
        value = value.toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code 0x} and 64 hex digits in any case.
     *
     * @throws IllegalArgumentException when the text is not that
     */
    public static Bytes32 of(String text) {
        return new Bytes32(text);
    }

    /** Exactly 32 bytes. */
    public static Bytes32 of(byte[] bytes) {
        if (bytes == null || bytes.length != 32) {
            throw new IllegalArgumentException("a 32-byte value needs 32 bytes, got "
                    + (bytes == null ? "none" : bytes.length));
        }
        return new Bytes32(Hex.encode(bytes));
    }

    /** The 32-byte big-endian word of an unsigned value below 2^256. */
    public static Bytes32 of(BigInteger unsigned) {
        if (unsigned.signum() < 0 || unsigned.bitLength() > 256) {
            throw new IllegalArgumentException("a 32-byte word cannot hold " + unsigned);
        }
        String hex = unsigned.toString(16);
        return new Bytes32("0x" + "0".repeat(64 - hex.length()) + hex);
    }

    /** Whether the text is {@code 0x} and 64 hex digits. */
    public static boolean isBytes32(String text) {
        return text != null && text.length() == 66 && Hex.isHex(text);
    }

    /** The 32 bytes (a copy). */
    public byte[] bytes() {
        return Hex.decode(value);
    }

    /** The word as an unsigned integer. */
    public BigInteger toBigInteger() {
        return new BigInteger(value.substring(2), 16);
    }

    @Override
    public String toString() {
        return value;
    }
}
