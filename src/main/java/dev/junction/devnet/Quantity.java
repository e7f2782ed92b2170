package dev.junction.devnet;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.Locale;

/** JSON-RPC value encodings: quantities as minimal {@code 0x} hex, data as even-length {@code 0x} hex. */
final class Quantity {

    private Quantity() {
    }

    static String hex(BigInteger value) {
        return "0x" + value.toString(16);
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    /** Parses a quantity ({@code 0x...}); {@code what} names the parameter in the error. */
    static BigInteger parse(String text, String what) {
        if (text == null || !text.startsWith("0x") || text.length() < 3 || text.length() > 66) {
            throw RpcError.params(what + " must be a 0x-prefixed hex quantity");
        }
        try {
            BigInteger v = new BigInteger(text.substring(2), 16);
            if (v.signum() < 0) {
                throw RpcError.params(what + " must not be negative");
            }
            return v;
        } catch (NumberFormatException e) {
            throw RpcError.params(what + " must be a 0x-prefixed hex quantity");
        }
    }

    /** Parses a 20-byte address; {@code what} names the parameter in the error. */
    static Address address(String text, String what) {
        if (text == null || !text.matches("0x[0-9a-fA-F]{40}")) {
            throw RpcError.params(what + " must be a 0x-prefixed 20-byte address");
        }
        return Address.evm(text.toLowerCase(Locale.ROOT));
    }

    /** 0x-hex of bytes. */
    static String data(byte[] bytes) {
        StringBuilder s = new StringBuilder(2 + bytes.length * 2).append("0x");
        for (byte b : bytes) {
            s.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return s.toString();
    }

    /** Bytes of 0x-hex data (empty for "0x" or null); {@code what} names the parameter in the error. */
    static byte[] bytes(String text, String what) {
        if (text == null || text.equals("0x") || text.isEmpty()) {
            return new byte[0];
        }
        if (!text.matches("0x([0-9a-fA-F]{2})*")) {
            throw RpcError.params(what + " must be 0x-prefixed hex data of whole bytes");
        }
        byte[] out = new byte[(text.length() - 2) / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(text.substring(2 + 2 * i, 4 + 2 * i), 16);
        }
        return out;
    }

    /** A 32-byte word of a non-negative integer. */
    static String word(BigInteger value) {
        String h = value.toString(16);
        return "0x" + "0".repeat(64 - h.length()) + h;
    }

    /** A 32-byte topic of an address. */
    static String topic(Address address) {
        return "0x" + "0".repeat(24) + address.lower().substring(2);
    }
}
