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
        return "0".repeat(24) + a.lower().substring(2);
    }

    static String word(long v) {
        return word(BigInteger.valueOf(v));
    }

    /** Two's complement 32-byte word. */
    static String word(BigInteger v) {
        BigInteger u = v.signum() < 0 ? v.add(TWO_256) : v;
        String h = u.toString(16);
        return "0".repeat(64 - h.length()) + h;
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
        StringBuilder head = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        int offset = calls.size() * 32;
        List<String> tuples = new ArrayList<>(calls.size());
        for (Call c : calls) {
            String data = strip(c.data());
            int len = data.length() / 2;
            int padded = (len + 31) / 32 * 32;
            String tuple = word(c.target()) + word(1) + word(96) + word(len) + data
                    + "0".repeat((padded - len) * 2);
            tuples.add(tuple);
        }
        for (String t : tuples) {
            head.append(word(offset));
            offset += t.length() / 2;
            tail.append(t);
        }
        return "0x" + AGGREGATE3 + word(32) + word(calls.size()) + head + tail;
    }

    /** The results of {@code aggregate3}: each call's return data as 0x hex, or null when it failed. */
    static List<String> aggregate3Results(String hex) {
        String h = strip(hex);
        int base = uint(h, 0).intValueExact() * 2;
        int n = new BigInteger(h.substring(base, base + 64), 16).intValueExact();
        int offsets = base + 64;
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int tuple = offsets + new BigInteger(h.substring(offsets + i * 64, offsets + i * 64 + 64), 16)
                    .intValueExact() * 2;
            boolean success = new BigInteger(h.substring(tuple, tuple + 64), 16).signum() != 0;
            int dataAt = tuple + new BigInteger(h.substring(tuple + 64, tuple + 128), 16).intValueExact() * 2;
            int len = new BigInteger(h.substring(dataAt, dataAt + 64), 16).intValueExact();
            out.add(success ? "0x" + h.substring(dataAt + 64, dataAt + 64 + len * 2) : null);
        }
        return out;
    }
}
