package dev.junction.protocol.shared;

import dev.junction.chain.Address;
import dev.junction.protocol.StepDataException;
import java.math.BigInteger;
import java.util.Arrays;

/** Addresses as bridges take them: 32-byte words for recipients on any chain, or EVM addresses only. */
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

    /**
     * The address, which must be an EVM one for a call that takes an {@code address}.
     *
     * @throws StepDataException naming {@code parameter} when it is a Solana address
     */
    public static Address evm(Address a, String parameter) {
        if (a.solana()) {
            throw new StepDataException(parameter, "is a Solana address, which this bridge call cannot carry");
        }
        return a;
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
