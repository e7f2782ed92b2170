package dev.junction.chain;

import java.util.HexFormat;

/** {@code 0x}-prefixed lower-case hex encoding and strict decoding. */
public final class Hex {

    private static final HexFormat HEX = HexFormat.of();

    private Hex() {
    }

    public static String encode(byte[] bytes) {
        return "0x" + HEX.formatHex(bytes);
    }

    /**
     * Decodes {@code 0x}-prefixed hex with an even number of digits.
     *
     * @throws IllegalArgumentException when the text is not such hex
     */
    public static byte[] decode(String text) {
        if (text == null || !text.startsWith("0x") && !text.startsWith("0X")) {
            throw new IllegalArgumentException("hex must start with 0x");
        }
        String digits = text.substring(2);
        if (digits.length() % 2 != 0) {
            throw new IllegalArgumentException("hex must have an even number of digits");
        }
        try {
            return HEX.parseHex(digits);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hex may contain only 0-9, a-f and A-F after 0x");
        }
    }

    /** True when the text is {@code 0x} followed by an even number of hex digits (possibly none). */
    public static boolean isHex(String text) {
        if (text == null || text.length() < 2 || text.charAt(0) != '0' || (text.charAt(1) != 'x' && text.charAt(1) != 'X')
                || text.length() % 2 != 0) {
            return false;
        }
        for (int i = 2; i < text.length(); i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
