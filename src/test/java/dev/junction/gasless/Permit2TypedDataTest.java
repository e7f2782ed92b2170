package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Hash;
import org.web3j.crypto.StructuredDataEncoder;

/** Permit2 EIP-712 golden vectors (shared/reference/permit2.md) and the typed-data layout wallets receive. */
class Permit2TypedDataTest {

    static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address SPENDER = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

    /** The reference example: chain 1, 1 USDC, nonce 0, deadline 1893456000. */
    static Permit2TypedData example() {
        return new Permit2TypedData(Eip712Domain.permit2(ChainId.of(1)), new PermitTransferFrom(
                new TokenPermissions(USDC, Amount.of(1_000_000)), SPENDER, BigInteger.ZERO, BigInteger.valueOf(1893456000L)));
    }

    @Test
    void domainTypehashIsPermit2s() {
        assertThat(Hex.encode(Eip712Encoder.typeHash(Eip712Domain.permit2(ChainId.of(1)))))
                .isEqualTo("0x8cad95687ba82c2ce50e74f7b754645e5117c3a5bec8151c0726d5857980a866");
    }

    @Test
    void permitTransferFromAndTokenPermissionsTypehashes() {
        PermitMessage message = example().message();
        assertThat(Eip712Encoder.encodeType(message)).isEqualTo("PermitTransferFrom(TokenPermissions permitted,"
                + "address spender,uint256 nonce,uint256 deadline)TokenPermissions(address token,uint256 amount)");
        assertThat(Hex.encode(Eip712Encoder.typeHash(message)))
                .isEqualTo("0x939c21a48a8dbe3a9a2404a1d46691e4d39f6583d6ec6b35714604c986d80106");
        assertThat(Hex.encode(Eip712Encoder.typeHash(message.permitted())))
                .isEqualTo("0x618358ac3db8dc274f0cd8829da7e234bd48cd73c4a740aede1adec9846d06a1");
    }

    @Test
    void allZeroPermitDigest() {
        Permit2TypedData zero = new Permit2TypedData(new Eip712Domain("Permit2", ChainId.of(1), Address.ZERO),
                new PermitTransferFrom(new TokenPermissions(Address.ZERO, Amount.ZERO), Address.ZERO, BigInteger.ZERO,
                        BigInteger.ZERO));
        assertThat(Hex.encode(zero.digest()))
                .isEqualTo("0xb9bf9813799d7f0de28d2142b0bc80ec289d4a6a5b9f41834149df4188804dc5");
    }

    @Test
    void exampleStructHashAndDigest() {
        assertThat(Hex.encode(Eip712Encoder.hashStruct(example().message())))
                .isEqualTo("0xbcbdc8f142984814cdc733c56a3250204ebb2d459c24350eaa5493102b39f4e0");
        assertThat(Hex.encode(example().digest()))
                .isEqualTo("0xffff83d7f1020f4de8bfbe92dc2888b54104ed8b51941ae0048b3a9fdb7f762d");
    }

    @Test
    void modeTwoTypesAreExactlyTheInterfacesTwoKeysInDocumentedOrder() {
        var types = example().types();
        assertThat(types.keySet()).containsExactly("PermitTransferFrom", "TokenPermissions");
        assertThat(types.get("PermitTransferFrom")).containsExactly(new TypedField("permitted", "TokenPermissions"),
                new TypedField("spender", "address"), new TypedField("nonce", "uint256"),
                new TypedField("deadline", "uint256"));
        assertThat(types.get("TokenPermissions")).containsExactly(new TypedField("token", "address"),
                new TypedField("amount", "uint256"));
        assertThat(example().primaryType()).isEqualTo("PermitTransferFrom");
    }

    static PermitWitnessTransferFrom<SwapWitness> witnessPermit() {
        return new PermitWitnessTransferFrom<>(new TokenPermissions(USDC, Amount.of(1_000_000)), SPENDER, BigInteger.ONE,
                BigInteger.valueOf(1893456000L), new SwapWitness("0x" + "ab".repeat(32),
                        Address.evm("0xdAC17F958D2ee523a2206206994597C13D831ec7"), Amount.of(990_000),
                        Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"), ChainId.of(42161)));
    }

    @Test
    void witnessTypehashFollowsPermit2sStubPlusWitnessTypeString() {
        String witnessTypeString = "SwapWitness witness)SwapWitness(bytes32 quoteId,address outputToken,"
                + "uint256 minAmountOut,address receiver,uint256 toChain)TokenPermissions(address token,uint256 amount)";
        String stub = "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,"
                + "uint256 deadline,";
        assertThat(Eip712Encoder.typeHash(witnessPermit()))
                .isEqualTo(Hash.sha3((stub + witnessTypeString).getBytes(StandardCharsets.UTF_8)));
        var types = new Permit2TypedData(Eip712Domain.permit2(ChainId.of(1)), witnessPermit()).types();
        assertThat(types.keySet()).containsExactly("PermitWitnessTransferFrom", "SwapWitness", "TokenPermissions");
    }

    @Test
    void witnessStructHashIsPermit2sAbiEncoding() {
        PermitWitnessTransferFrom<SwapWitness> p = witnessPermit();
        byte[] encoded = concat(Eip712Encoder.typeHash(p), Eip712Encoder.hashStruct(p.permitted()),
                Abi.encode(Abi.address(SPENDER)), Abi.encode(Abi.uint256(p.nonce())),
                Abi.encode(Abi.uint256(p.deadline())), Eip712Encoder.hashStruct(p.witness()));
        assertThat(Eip712Encoder.hashStruct(p)).isEqualTo(Hash.sha3(encoded));
    }

    @Test
    void digestsAgreeWithWeb3jsEncoderGivenEip712DomainInTypes() throws Exception {
        for (Permit2TypedData data : List.of(example(),
                new Permit2TypedData(Eip712Domain.permit2(ChainId.of(8453)), witnessPermit()))) {
            assertThat(new StructuredDataEncoder(web3jJson(data)).hashStructuredData()).isEqualTo(data.digest());
        }
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedNotSilentlyHashed() {
        Eip712Struct broken = new Eip712Struct() {
            public String typeName() {
                return "TokenPermissions";
            }

            public List<TypedField> fields() {
                return TokenPermissions.FIELDS;
            }

            public List<Eip712Value> values() {
                return List.of(new Eip712Value.AddressValue(USDC));
            }
        };
        assertThatThrownBy(() -> Eip712Encoder.hashStruct(broken)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 members but 1 values");
    }

    /** eth_signTypedData_v4 JSON: web3j needs EIP712Domain in types. */
    static String web3jJson(Permit2TypedData data) {
        StringBuilder types = new StringBuilder("{\"EIP712Domain\":[{\"name\":\"name\",\"type\":\"string\"},"
                + "{\"name\":\"chainId\",\"type\":\"uint256\"},{\"name\":\"verifyingContract\",\"type\":\"address\"}]");
        data.types().forEach((name, fields) -> {
            types.append(",\"").append(name).append("\":[");
            for (int i = 0; i < fields.size(); i++) {
                types.append(i == 0 ? "" : ",").append("{\"name\":\"").append(fields.get(i).name())
                        .append("\",\"type\":\"").append(fields.get(i).type()).append("\"}");
            }
            types.append("]");
        });
        types.append("}");
        return "{\"types\":" + types + ",\"primaryType\":\"" + data.primaryType() + "\",\"domain\":{\"name\":\"Permit2\","
                + "\"chainId\":" + data.domain().chainId().value() + ",\"verifyingContract\":\""
                + data.domain().verifyingContract() + "\"},\"message\":" + json(data.message()) + "}";
    }

    private static String json(Eip712Struct struct) {
        StringBuilder out = new StringBuilder("{");
        for (int i = 0; i < struct.fields().size(); i++) {
            out.append(i == 0 ? "" : ",").append('"').append(struct.fields().get(i).name()).append("\":");
            out.append(switch (struct.values().get(i)) {
                case Eip712Value.AddressValue a -> "\"" + a.address() + "\"";
                case Eip712Value.Uint256Value u -> "\"" + u.value() + "\"";
                case Eip712Value.Bytes32Value b -> "\"" + b.value().value() + "\"";
                case Eip712Value.StringValue s -> "\"" + s.value() + "\"";
                case Eip712Value.StructValue s -> json(s.struct());
            });
        }
        return out.append('}').toString();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
