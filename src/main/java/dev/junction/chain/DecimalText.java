package dev.junction.chain;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Decimal text of integer amounts, as {@link BigInteger#toString()} writes it, faster for the sizes amounts have. A
 * {@code /quote} answer renders about a hundred amounts (every route's and step's), and the JDK's general conversion
 * (division by 10^18 through {@code MutableBigInteger}, Knuth's algorithm for a two-word divisor) was most of the cost
 * of building its route objects. Here an amount of up to 63 bits is a {@code long}'s text, and one of up to 256 bits
 * is divided by 10^9 word by word with {@code long} arithmetic; larger ones are the JDK's.
 */
public final class DecimalText {

    private static final long CHUNK = 1_000_000_000L;
    private static final int CHUNK_DIGITS = 9;
    private static final int MAX_FAST_BITS = 256;

    private DecimalText() {
    }

    /** The decimal text of {@code value}: equal to {@code value.toString()}. */
    public static String of(BigInteger value) {
        int bits = value.bitLength();
        if (bits < Long.SIZE) {
            return Long.toString(value.longValue());
        }
        if (bits > MAX_FAST_BITS) {
            return value.toString();
        }
        boolean negative = value.signum() < 0;
        byte[] bytes = (negative ? value.negate() : value).toByteArray();
        // little-endian 32-bit words of the magnitude
        int[] words = new int[(bytes.length + 3) / 4];
        for (int i = 0; i < bytes.length; i++) {
            words[i / 4] |= (bytes[bytes.length - 1 - i] & 0xff) << (8 * (i % 4));
        }
        int top = words.length - 1;
        while (top >= 0 && words[top] == 0) {
            top--;
        }
        int[] chunks = new int[(MAX_FAST_BITS + 28) / 29];
        int count = 0;
        while (top >= 0) {
            long remainder = 0;
            for (int i = top; i >= 0; i--) {
                long current = remainder << 32 | (words[i] & 0xffffffffL);
                words[i] = (int) (current / CHUNK);
                remainder = current % CHUNK;
            }
            chunks[count++] = (int) remainder;
            while (top >= 0 && words[top] == 0) {
                top--;
            }
        }
        byte[] text = new byte[(negative ? 1 : 0) + CHUNK_DIGITS * count];
        int n = 0;
        if (negative) {
            text[n++] = '-';
        }
        String first = Integer.toString(chunks[count - 1]);
        for (int i = 0; i < first.length(); i++) {
            text[n++] = (byte) first.charAt(i);
        }
        for (int c = count - 2; c >= 0; c--) {
            int chunk = chunks[c];
            for (int d = n + CHUNK_DIGITS - 1; d >= n; d--) {
                text[d] = (byte) ('0' + chunk % 10);
                chunk /= 10;
            }
            n += CHUNK_DIGITS;
        }
        return new String(text, 0, n, StandardCharsets.ISO_8859_1);
    }
}
