package dev.junction.gasless;

import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * A secp256k1 signature in the form Permit2 accepts on-chain for an EOA: r, s and v = 27 or 28. Built only by
 * {@link #parse(String)}, which accepts what wallets produce and refuses what Permit2 (or EIP-2) would refuse.
 *
 * @param r r, 1 to n - 1
 * @param s s, 1 to n / 2 (EIP-2 lower half)
 * @param v 27 or 28
 */
public record PermitSignature(BigInteger r, BigInteger s, int v) {

    /** secp256k1 group order n. */
    static final BigInteger CURVE_ORDER =
            new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);
    static final BigInteger HALF_ORDER = CURVE_ORDER.shiftRight(1);
    private static final BigInteger TOP_BIT = BigInteger.ONE.shiftLeft(255);

    public PermitSignature {
        if (r == null || r.signum() <= 0 || r.compareTo(CURVE_ORDER) >= 0) {
            throw invalid("r must be between 1 and the curve order");
        }
        if (s == null || s.signum() <= 0 || s.compareTo(CURVE_ORDER) >= 0) {
            throw invalid("s must be between 1 and the curve order");
        }
        if (s.compareTo(HALF_ORDER) > 0) {
            throw invalid("s must be in the lower half of the curve order (EIP-2); this is a high-s signature");
        }
        if (v != 27 && v != 28) {
            throw invalid("v must be 27 or 28");
        }
    }

    /**
     * Parses {@code 0x}-hex: 65 bytes r||s||v with v in 27/28 or 0/1, or 64 bytes EIP-2098 r||yParityAndS.
     *
     * @throws GaslessException {@link GaslessFailure#SIGNATURE_INVALID} naming the rule that failed
     */
    public static PermitSignature parse(String text) {
        if (text == null || !Hex.isHex(text)) {
            throw invalid("must be 0x-prefixed hex");
        }
        byte[] bytes = Hex.decode(text);
        BigInteger r = word(bytes, 0);
        if (bytes.length == 65) {
            int v = bytes[64] & 0xff;
            if (v != 0 && v != 1 && v != 27 && v != 28) {
                throw invalid("v (the 65th byte) must be 27, 28, 0 or 1, was " + v);
            }
            return new PermitSignature(r, word(bytes, 32), v < 27 ? v + 27 : v);
        }
        if (bytes.length == 64) {
            BigInteger vs = word(bytes, 32);
            int v = vs.testBit(255) ? 28 : 27;
            return new PermitSignature(r, vs.andNot(TOP_BIT), v);
        }
        throw invalid("must be 65 bytes (r, s, v) or 64 bytes (EIP-2098), was " + bytes.length + " bytes");
    }

    /** The 65-byte r||s||v form with v = 27/28, as Permit2 needs it in calldata. */
    public byte[] bytes() {
        byte[] out = Arrays.copyOf(Abi.encode(Abi.uint256(r), Abi.uint256(s)), 65);
        out[64] = (byte) v;
        return out;
    }

    /** {@link #bytes()} as {@code 0x}-hex (132 characters). */
    public String hex() {
        return Hex.encode(bytes());
    }

    private static BigInteger word(byte[] bytes, int offset) {
        if (bytes.length < offset + 32) {
            return BigInteger.ZERO;
        }
        byte[] w = new byte[32];
        System.arraycopy(bytes, offset, w, 0, 32);
        return new BigInteger(1, w);
    }

    private static GaslessException invalid(String rule) {
        return new GaslessException(GaslessFailure.SIGNATURE_INVALID, "signature " + rule);
    }
}
