package dev.junction.chainmarket;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.web3j.crypto.Hash;

/** The few ABI encodings chain mode needs: selectors, static arguments, words of a return value, Multicall3. */
final class Abi {

    static final BigInteger TWO_256 = BigInteger.ONE.shiftLeft(256);
    static final BigInteger TWO_255 = BigInteger.ONE.shiftLeft(255);
    private static final HexFormat HEX = HexFormat.of();
    private static final String ZEROS = "0".repeat(64);

    private Abi() {
    }

    /** The 4-byte selector of a signature, 8 hex digits. */
    static String selector(String signature) {
        return Hash.sha3String(signature).substring(2, 10);
    }

    /** The topic (32-byte hash) of an event signature, 0x lower-case. */
    static String topic(String signature) {
        return Hash.sha3String(signature).toLowerCase(Locale.ROOT);
    }

    static String word(Address a) {
        return ZEROS.substring(40) + a.lower().substring(2);
    }

    static String word(long v) {
        if (v < 0) {
            return word(BigInteger.valueOf(v));
        }
        return pad(Long.toHexString(v));
    }

    /** Two's complement 32-byte word. */
    static String word(BigInteger v) {
        if (v.signum() >= 0 && v.bitLength() < 63) {
            return word(v.longValue());
        }
        BigInteger u = v.signum() < 0 ? v.add(TWO_256) : v;
        return pad(u.toString(16));
    }

    private static String pad(String hex) {
        if (hex.length() > 64) {
            throw new IllegalArgumentException("0x" + hex + " does not fit in 32 bytes");
        }
        return ZEROS.substring(hex.length()) + hex;
    }

    /** Whether word {@code word} of an 0x-prefixed hex value is zero (absent counts as not zero). */
    static boolean zeroWord(String hex, int word) {
        int at = (hex.startsWith("0x") ? 2 : 0) + word * 64;
        return hex.length() >= at + 64 && hex.regionMatches(at, ZEROS, 0, 64);
    }

    static String call(String selector, String... words) {
        StringBuilder b = new StringBuilder("0x").append(selector);
        for (String w : words) {
            b.append(w);
        }
        return b.toString();
    }

    /** Hex without 0x. */
    static String strip(String hex) {
        return hex.startsWith("0x") ? hex.substring(2) : hex;
    }

    static BigInteger uint(String hex, int word) {
        String h = strip(hex);
        return new BigInteger(h.substring(word * 64, word * 64 + 64), 16);
    }

    static BigInteger int256(String hex, int word) {
        BigInteger u = uint(hex, word);
        return u.compareTo(TWO_255) >= 0 ? u.subtract(TWO_256) : u;
    }

    static int words(String hex) {
        return strip(hex).length() / 64;
    }

    static Address address(String hex, int word) {
        return Address.evm("0x" + strip(hex).substring(word * 64 + 24, word * 64 + 64));
    }

    /** An ABI {@code string} return, or a {@code bytes32} one (old tokens such as MKR). */
    static String string(String hex) {
        String h = strip(hex);
        if (h.length() == 64) {
            byte[] b = HEX.parseHex(h);
            int n = 0;
            while (n < b.length && b[n] != 0) {
                n++;
            }
            return new String(b, 0, n, StandardCharsets.UTF_8);
        }
        int offset = uint(h, 0).intValueExact() * 2;
        int length = new BigInteger(h.substring(offset, offset + 64), 16).intValueExact();
        return new String(HEX.parseHex(h.substring(offset + 64, offset + 64 + length * 2)), StandardCharsets.UTF_8);
    }

    /** One call of a Multicall3 batch. */
    record Call(Address target, String data) {
    }

    private static final String AGGREGATE3 = selector("aggregate3((address,bool,bytes)[])");

    /** {@code aggregate3(calls)} with allowFailure = true for each. */
    static String aggregate3(List<Call> calls) {
        int n = calls.size();
        int[] lengths = new int[n];
        int chars = 2 + 8 + 128 + 64 * n;
        for (int i = 0; i < n; i++) {
            lengths[i] = strip(calls.get(i).data()).length() / 2;
            chars += 256 + (lengths[i] + 31) / 32 * 64;
        }
        StringBuilder b = new StringBuilder(chars).append("0x").append(AGGREGATE3).append(word(32)).append(word(n));
        long offset = 32L * n;
        for (int i = 0; i < n; i++) {
            b.append(word(offset));
            offset += 128 + (lengths[i] + 31) / 32 * 32;
        }
        for (int i = 0; i < n; i++) {
            Call c = calls.get(i);
            int len = lengths[i];
            int padded = (len + 31) / 32 * 32;
            b.append(word(c.target())).append(word(1)).append(word(96)).append(word(len)).append(strip(c.data()));
            b.append(ZEROS, 0, (padded - len) * 2);
        }
        return b.toString();
    }

    /** The results of {@code aggregate3}: each call's return data as 0x hex, or null when it failed. */
    static List<String> aggregate3Results(String hex) {
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

    /**
     * The word at hex position {@code at} as a count of hex characters (a byte offset or length, times 2).
     *
     * @throws IllegalArgumentException when it is too large to be one
     */
    private static int offset(String h, int at) {
        if (!h.regionMatches(at, ZEROS, 0, 56) || h.charAt(at + 56) > '3') {
            throw new IllegalArgumentException("ABI offset or length out of range at " + at / 2);
        }
        return Integer.parseInt(h, at + 56, at + 64, 16) * 2;
    }
}
