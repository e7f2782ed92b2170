package dev.junction.gasless;

import dev.junction.chain.Address;
import java.math.BigInteger;

/**
 * The signed Permit2 message of a gasless quote: {@link PermitTransferFrom} (mode 2), {@link PermitWitnessTransferFrom}
 * (mode 3, with the sandbox executor's or Junction router's witness).
 */
public sealed interface PermitMessage extends Eip712Struct
        permits PermitTransferFrom, PermitWitnessTransferFrom {

    TokenPermissions permitted();

    Address spender();

    BigInteger nonce();

    BigInteger deadline();

    private static void uint(BigInteger v, String name) {
        if (v == null || v.signum() < 0 || v.bitLength() > 256) {
            throw new IllegalArgumentException(name + " must be a uint256");
        }
    }

    static void check(TokenPermissions permitted, Address spender, BigInteger nonce, BigInteger deadline) {
        if (permitted == null || spender == null) {
            throw new IllegalArgumentException("a permit needs permitted and spender");
        }
        uint(nonce, "nonce");
        uint(deadline, "deadline");
    }
}
