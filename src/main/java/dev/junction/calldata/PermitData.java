package dev.junction.calldata;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.Objects;

/**
 * The router's {@code PermitData} of {@code executeRouteWithPermit} (acquisition modes 2 and 3).
 *
 * @param owner the signer: Permit2 moves the route's amountIn of its inputToken from this address
 * @param nonce the Permit2 unordered nonce
 * @param deadline the permit's deadline, Unix seconds (inclusive)
 * @param signature 65-byte r||s||v (v 27/28) or 64-byte EIP-2098 signature; empty for an unsigned template
 *     ({@link TransactionBuilder#withSignature})
 */
public record PermitData(Address owner, BigInteger nonce, BigInteger deadline, byte[] signature) {

    public PermitData {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(nonce, "nonce");
        Objects.requireNonNull(deadline, "deadline");
        signature = signature == null ? new byte[0] : signature.clone();
    }

    /** The permit without its signature: what a quote knows before the owner signs. */
    public static PermitData unsigned(Address owner, BigInteger nonce, BigInteger deadline) {
        return new PermitData(owner, nonce, deadline, new byte[0]);
    }

    @Override
    public byte[] signature() {
        return signature.clone();
    }
}
