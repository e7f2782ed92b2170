package dev.junction.calldata.protocol;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.Arrays;

/** Addresses as the 32-byte words bridges use for recipients on any chain. */
public final class Recipients {

    private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

    private Recipients() {
    }

    /** An EVM address left-padded with 12 zero bytes; a Solana address as its 32 bytes. */
    public static byte[] bytes32(Address a) {
        if (a.solana()) {
            return base58(a.value());
        }
        byte[] out = new byte[32];
        System.arraycopy(a.bytes(), 0, out, 12, 20);
        return out;
    }

    private static byte[] base58(String text) {
        BigInteger n = BigInteger.ZERO;
        int zeros = 0;
        boolean leading = true;
        for (char c : text.toCharArray()) {
            int digit = BASE58.indexOf(c);
            if (leading && digit == 0) {
                zeros++;
            } else {
                leading = false;
            }
            n = n.multiply(BigInteger.valueOf(58)).add(BigInteger.valueOf(digit));
        }
        byte[] body = n.signum() == 0 ? new byte[0] : n.toByteArray();
        if (body.length > 0 && body[0] == 0) {
            body = Arrays.copyOfRange(body, 1, body.length);
        }
        byte[] out = new byte[32];
        System.arraycopy(body, 0, out, 32 - body.length, body.length);
        if (zeros + body.length != 32) {
            throw new IllegalArgumentException("a Solana address must decode to 32 bytes");
        }
        return out;
    }
}
