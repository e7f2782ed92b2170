package dev.junction.gasless;

import dev.junction.chain.Address;
import java.math.BigInteger;
import org.web3j.crypto.ECDSASignature;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

/** Recovers the signer of a digest the way {@code ecrecover} does, on an already validated {@link PermitSignature}. */
final class SignatureVerifier {

    private SignatureVerifier() {
    }

    /**
     * The address whose key signed {@code digest}.
     *
     * @throws GaslessException {@link GaslessFailure#SIGNATURE_INVALID} when no public key matches (r is not an x
     *         coordinate on the curve)
     */
    static Address recover(byte[] digest, PermitSignature signature) {
        BigInteger publicKey;
        try {
            publicKey = Sign.recoverFromSignature(signature.v() - 27, new ECDSASignature(signature.r(), signature.s()),
                    digest);
        } catch (RuntimeException e) {
            publicKey = null;
        }
        if (publicKey == null) {
            throw new GaslessException(GaslessFailure.SIGNATURE_INVALID, "signature does not recover to any key");
        }
        return Address.evm("0x" + Keys.getAddress(publicKey));
    }

    /**
     * Checks that {@code signature} over {@code digest} was made by {@code expected}.
     *
     * @throws GaslessException {@link GaslessFailure#WRONG_SIGNER} naming the recovered signer otherwise
     */
    static void requireSigner(byte[] digest, PermitSignature signature, Address expected) {
        Address signer = recover(digest, signature);
        if (!signer.equals(expected)) {
            throw new GaslessException(GaslessFailure.WRONG_SIGNER, "signature was made by " + signer
                    + ", not by the quote's sender " + expected);
        }
    }
}
