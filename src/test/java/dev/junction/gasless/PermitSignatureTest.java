package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;

/** Signature parsing and verification as Permit2 and EIP-2 demand, with the reference vectors. */
class PermitSignatureTest {

    static final String TEST_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    static final Address TEST_ADDRESS = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    static final String EXAMPLE_SIGNATURE = "0x710e963afd99e9fb3d2a771c034cd75dc4ec819c82ad0f99c9d8eba9de7cbfbc"
            + "0bfe6134788903307e28370d33cab4d933d23b297ed268e9976918c26a327f221b";
    static final String HIGH_S = "0xf4019ecb8776fccf81d7c8f2cc354b2586dca1bd30763752286945ca6603c21f";

    @Test
    void testKeySignsTheExampleDigestToTheReferenceSignature() {
        ECKeyPair key = ECKeyPair.create(new BigInteger(TEST_KEY.substring(2), 16));
        Sign.SignatureData sig = Sign.signMessage(Permit2TypedDataTest.example().digest(), key, false);
        String hex = Hex.encode(sig.getR()) + Hex.encode(sig.getS()).substring(2) + Hex.encode(sig.getV()).substring(2);
        assertThat(hex).isEqualTo(EXAMPLE_SIGNATURE);
    }

    @Test
    void referenceSignatureRecoversToTheTestAddress() {
        PermitSignature sig = PermitSignature.parse(EXAMPLE_SIGNATURE);
        assertThat(sig.v()).isEqualTo(27);
        assertThat(SignatureVerifier.recover(Permit2TypedDataTest.example().digest(), sig)).isEqualTo(TEST_ADDRESS);
        assertThat(sig.hex()).isEqualTo(EXAMPLE_SIGNATURE);
    }

    @Test
    void highSTwinIsRefusedThoughItRecoversToTheSameKey() {
        PermitSignature low = PermitSignature.parse(EXAMPLE_SIGNATURE);
        BigInteger twinS = PermitSignature.CURVE_ORDER.subtract(low.s());
        assertThat("0x" + String.format("%064x", twinS)).isEqualTo(HIGH_S);
        String twin = EXAMPLE_SIGNATURE.substring(0, 66) + HIGH_S.substring(2) + "1c";
        assertThatThrownBy(() -> PermitSignature.parse(twin)).isInstanceOf(GaslessException.class)
                .hasMessageContaining("lower half")
                .extracting(e -> ((GaslessException) e).failure()).isEqualTo(GaslessFailure.SIGNATURE_INVALID);
    }

    @Test
    void vZeroOrOneIsNormalisedTo27Or28() {
        String zeroV = EXAMPLE_SIGNATURE.substring(0, 130) + "00";
        PermitSignature sig = PermitSignature.parse(zeroV);
        assertThat(sig.hex()).isEqualTo(EXAMPLE_SIGNATURE);
    }

    @Test
    void eip2098CompactFormIsAcceptedAndExpanded() {
        // v = 27: yParity 0, so the compact form is r || s unchanged
        String compact = EXAMPLE_SIGNATURE.substring(0, 130);
        assertThat(PermitSignature.parse(compact).hex()).isEqualTo(EXAMPLE_SIGNATURE);
        // v = 28 sets the top bit of s
        PermitSignature sig = PermitSignature.parse(EXAMPLE_SIGNATURE);
        String vs = String.format("%064x", sig.s().setBit(255));
        PermitSignature odd = PermitSignature.parse(EXAMPLE_SIGNATURE.substring(0, 66) + vs);
        assertThat(odd.v()).isEqualTo(28);
        assertThat(odd.s()).isEqualTo(sig.s());
    }

    @Test
    void otherLengthsAndVValuesAreRefused() {
        for (String bad : new String[] {"0x", "0x1234", EXAMPLE_SIGNATURE + "00", EXAMPLE_SIGNATURE.substring(0, 128),
                EXAMPLE_SIGNATURE.substring(0, 130) + "1d", EXAMPLE_SIGNATURE.substring(0, 130) + "02", "nothex",
                EXAMPLE_SIGNATURE.replace("0x", "0xzz").substring(0, 132), null}) {
            assertThatThrownBy(() -> PermitSignature.parse(bad)).as(String.valueOf(bad))
                    .isInstanceOf(GaslessException.class)
                    .extracting(e -> ((GaslessException) e).failure()).isEqualTo(GaslessFailure.SIGNATURE_INVALID);
        }
    }

    @Test
    void zeroROrSIsRefused() {
        String zeroR = "0x" + "00".repeat(32) + EXAMPLE_SIGNATURE.substring(66);
        assertThatThrownBy(() -> PermitSignature.parse(zeroR)).isInstanceOf(GaslessException.class);
        String zeroS = EXAMPLE_SIGNATURE.substring(0, 66) + "00".repeat(32) + "1b";
        assertThatThrownBy(() -> PermitSignature.parse(zeroS)).isInstanceOf(GaslessException.class);
    }

    @Test
    void anotherSignerOrAnAlteredMessageIsWrongSigner() {
        byte[] digest = Permit2TypedDataTest.example().digest();
        PermitSignature sig = PermitSignature.parse(EXAMPLE_SIGNATURE);
        assertThatThrownBy(() -> SignatureVerifier.requireSigner(digest, sig, Permit2TypedDataTest.SPENDER))
                .isInstanceOf(GaslessException.class)
                .extracting(e -> ((GaslessException) e).failure()).isEqualTo(GaslessFailure.WRONG_SIGNER);
        byte[] altered = Permit2TypedDataTest.example().digest();
        altered[0] ^= 1;
        assertThatThrownBy(() -> SignatureVerifier.requireSigner(altered, sig, TEST_ADDRESS))
                .isInstanceOf(GaslessException.class);
        SignatureVerifier.requireSigner(digest, sig, TEST_ADDRESS);
    }
}
