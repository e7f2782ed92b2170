package dev.junction.nodes;

import java.math.BigInteger;

/** JSON-RPC quantities: {@code 0x}-prefixed hex without leading zeros. */
public final class Quantities {

    private Quantities() {
    }

    public static String of(long value) {
        return "0x" + Long.toHexString(value);
    }

    public static String of(BigInteger value) {
        return "0x" + value.toString(16);
    }

    public static BigInteger big(String hex) {
        String h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
        return h.isEmpty() ? BigInteger.ZERO : new BigInteger(h, 16);
    }

    public static long longValue(String hex) {
        return big(hex).longValueExact();
    }
}
