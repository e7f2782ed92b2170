package dev.junction.chain;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A 32-byte transaction hash, held as lower-case {@code 0x}-prefixed hex (66 characters).
 */
public record TxHash(String value) {

    private static final Pattern HEX32 = Pattern.compile("0x[0-9a-fA-F]{64}");

    public TxHash {
        if (value == null || !HEX32.matcher(value).matches()) {
            throw new IllegalArgumentException("a transaction hash must be 0x followed by 64 hex digits");
        }
        value = value.toLowerCase(Locale.ROOT);
    }

    public static TxHash of(byte[] bytes) {
        if (bytes.length != 32) {
            throw new IllegalArgumentException("a transaction hash is 32 bytes");
        }
        return new TxHash(Hex.encode(bytes));
    }

    @Override
    public String toString() {
        return value;
    }
}
