package dev.junction.webhooks;

import dev.junction.chain.Hex;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Signs a /gasless/quote item's {@code eip712} object as a wallet's {@code eth_signTypedData_v4} does (web3j's EIP-712
 * encoder, with the {@code EIP712Domain} type the README says to add), for tests that submit gasless swaps over HTTP
 * without a Node process.
 */
public final class PermitSigner {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private PermitSigner() {
    }

    /** The 65-byte signature (r, s, v) of the item's typed data by {@code privateKey}, 0x-hex. */
    public static String sign(JsonNode item, String privateKey) {
        JsonNode eip712 = item.has("eip712") ? item.get("eip712") : item;
        ObjectNode typed = ((ObjectNode) eip712).deepCopy();
        ObjectNode types = (ObjectNode) typed.get("types");
        types.putArray("EIP712Domain").add(field("name", "string")).add(field("chainId", "uint256"))
                .add(field("verifyingContract", "address"));
        try {
            byte[] digest = new StructuredDataEncoder(JSON.writeValueAsString(typed)).hashStructuredData();
            Sign.SignatureData sig = Sign.signMessage(digest, ECKeyPair.create(new BigInteger(privateKey.substring(2),
                    16)), false);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(sig.getR());
            out.writeBytes(sig.getS());
            out.writeBytes(sig.getV());
            return Hex.encode(out.toByteArray());
        } catch (java.io.IOException e) {
            throw new IllegalStateException("typed data not encodable: " + e.getMessage(), e);
        }
    }

    private static ObjectNode field(String name, String type) {
        return JSON.createObjectNode().put("name", name).put("type", type);
    }
}
