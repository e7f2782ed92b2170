package dev.junction.chain.abi;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Junction's one ABI decoder, the counterpart of {@link Abi}: reads the 32-byte words of return data and log data as
 * the nodes answer them (hex text, with or without {@code 0x}; word {@code i} starts at byte {@code 32 * i}) and of
 * event topics ({@link Bytes32}). Reading straight from the text: chain mode decodes thousands of answers per load.
 */
public final class AbiDecoder {

    private static final BigInteger TWO_256 = BigInteger.ONE.shiftLeft(256);
    private static final BigInteger TWO_255 = BigInteger.ONE.shiftLeft(255);
    private static final HexFormat HEX = HexFormat.of();
    private static final String ZEROS = "0".repeat(64);

    private AbiDecoder() {
    }

    /** Hex without its {@code 0x} (null reads as empty). */
    public static String strip(String hex) {
        return hex == null ? "" : hex.startsWith("0x") ? hex.substring(2) : hex;
    }

    /** Whole words in the data. */
    public static int words(String hex) {
        return strip(hex).length() / 64;
    }

    /** Word {@code word} as a {@code uintN}. */
    public static BigInteger uint(String hex, int word) {
        String h = strip(hex);
        return new BigInteger(h.substring(word * 64, word * 64 + 64), 16);
    }

    /** Word {@code word} as an {@code intN} (two's complement over the word). */
    public static BigInteger int256(String hex, int word) {
        return signed(uint(hex, word));
    }

    /** Word {@code word} as an {@code address} (its last 20 bytes). */
    public static Address address(String hex, int word) {
        return Address.evm("0x" + strip(hex).substring(word * 64 + 24, word * 64 + 64));
    }

    /** Word {@code word} as a {@code bytes32}. */
    public static Bytes32 bytes32(String hex, int word) {
        return Bytes32.of("0x" + strip(hex).substring(word * 64, word * 64 + 64));
    }

    /** The {@code bytes} (or {@code string}) whose offset is word {@code word}: its bytes as {@code 0x} hex. */
    public static String bytes(String hex, int word) {
        String h = strip(hex);
        int at = 2 * uint(h, word).intValueExact();
        int length = new BigInteger(h.substring(at, at + 64), 16).intValueExact();
        return "0x" + h.substring(at + 64, at + 64 + 2 * length);
    }

    /** Whether word {@code word} is zero (a word past the end is not). */
    public static boolean isZero(String hex, int word) {
        int at = (hex.startsWith("0x") ? 2 : 0) + word * 64;
        return hex.length() >= at + 64 && hex.regionMatches(at, ZEROS, 0, 64);
    }

    /** An indexed {@code uintN} topic. */
    public static BigInteger uint(Bytes32 topic) {
        return topic.toBigInteger();
    }

    /** An indexed {@code intN} topic. */
    public static BigInteger int256(Bytes32 topic) {
        return signed(topic.toBigInteger());
    }

    /** An indexed {@code address} topic. */
    public static Address address(Bytes32 topic) {
        return address(topic.value(), 0);
    }

    /** A whole return value that is one {@code string}, or one {@code bytes32} text (old tokens such as MKR). */
    public static String string(String hex) {
        String h = strip(hex);
        if (h.length() == 64) {
            byte[] b = HEX.parseHex(h);
            int n = 0;
            while (n < b.length && b[n] != 0) {
                n++;
            }
            return new String(b, 0, n, StandardCharsets.UTF_8);
        }
        return new String(HEX.parseHex(strip(bytes(h, 0))), StandardCharsets.UTF_8);
    }

    /**
     * A whole return value that is one {@code (bool success, bytes returnData)[]} (Multicall3's {@code aggregate3}):
     * each element's return data as {@code 0x} hex, or null where {@code success} is false.
     *
     * @throws IllegalArgumentException when an offset or length does not fit the data
     */
    public static List<String> callResults(String hex) {
        String h = strip(hex);
        int base = offset(h, 0);
        int n = offset(h, base) / 2;
        int offsets = base + 64;
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int tuple = offsets + offset(h, offsets + i * 64);
            boolean success = !h.regionMatches(tuple, ZEROS, 0, 64);
            int dataAt = tuple + offset(h, tuple + 64);
            int len = offset(h, dataAt) / 2;
            out.add(success ? "0x" + h.substring(dataAt + 64, dataAt + 64 + len * 2) : null);
        }
        return out;
    }

    private static BigInteger signed(BigInteger u) {
        return u.compareTo(TWO_255) >= 0 ? u.subtract(TWO_256) : u;
    }

    /**
     * The word at hex position {@code at} as a count of hex characters (a byte offset or length, times 2).
     *
     * @throws IllegalArgumentException when it is too large to be one
     */
    private static int offset(String h, int at) {
        if (h.length() < at + 64 || !h.regionMatches(at, ZEROS, 0, 56) || h.charAt(at + 56) > '3') {
            throw new IllegalArgumentException("ABI offset or length out of range at " + at / 2);
        }
        return Integer.parseInt(h, at + 56, at + 64, 16) * 2;
    }
}
