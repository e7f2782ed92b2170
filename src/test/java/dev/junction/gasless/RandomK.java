package dev.junction.gasless;

import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.security.SecureRandom;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.web3j.crypto.ECDSASignature;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

/**
 * A second valid signature of the same digest by the same key: ECDSA with a random k instead of RFC 6979's
 * deterministic one (what another wallet implementation may produce).
 */
final class RandomK {

    private RandomK() {
    }

    static String sign(byte[] digest, String key) {
        BigInteger d = new BigInteger(key.substring(2), 16);
        ECDSASigner signer = new ECDSASigner();
        signer.init(true, new ParametersWithRandom(new ECPrivateKeyParameters(d, Sign.CURVE_PARAMS.getCurve() == null
                ? null : new ECDomainParameters(Sign.CURVE_PARAMS.getCurve(),
                        Sign.CURVE_PARAMS.getG(), Sign.CURVE_PARAMS.getN(), Sign.CURVE_PARAMS.getH())),
                new SecureRandom()));
        BigInteger[] rs = signer.generateSignature(digest);
        ECDSASignature sig = new ECDSASignature(rs[0], rs[1]).toCanonicalised();
        String expected = Keys.getAddress(Sign.publicKeyFromPrivate(d));
        for (int recId = 0; recId < 2; recId++) {
            BigInteger pub = Sign.recoverFromSignature(recId, sig, digest);
            if (pub != null && Keys.getAddress(pub).equals(expected)) {
                return "0x" + String.format("%064x", sig.r) + String.format("%064x", sig.s)
                        + Hex.encode(new byte[] {(byte) (27 + recId)}).substring(2);
            }
        }
        throw new IllegalStateException("no recovery id matches");
    }
}
