package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.util.List;

/**
 * An EIP-712 domain with exactly Permit2's members: {@code EIP712Domain(string name,uint256 chainId,address
 * verifyingContract)} (no version, no salt).
 *
 * @param name domain name, {@code Permit2}
 * @param chainId chain the signature is valid on
 * @param verifyingContract the Permit2 contract
 */
public record Eip712Domain(String name, ChainId chainId, Address verifyingContract) implements Eip712Struct {

    static final List<TypedField> FIELDS = List.of(new TypedField("name", "string"), new TypedField("chainId", "uint256"),
            new TypedField("verifyingContract", "address"));

    public Eip712Domain {
        if (name == null || chainId == null || verifyingContract == null) {
            throw new IllegalArgumentException("an EIP-712 domain needs name, chainId and verifyingContract");
        }
    }

    /** Permit2's domain on a chain. */
    public static Eip712Domain permit2(ChainId chainId) {
        return new Eip712Domain(Permit2.DOMAIN_NAME, chainId, Permit2.ADDRESS);
    }

    @Override
    public String typeName() {
        return "EIP712Domain";
    }

    @Override
    public List<TypedField> fields() {
        return FIELDS;
    }

    @Override
    public List<Eip712Value> values() {
        return List.of(new Eip712Value.StringValue(name), new Eip712Value.Uint256Value(BigInteger.valueOf(chainId.value())),
                new Eip712Value.AddressValue(verifyingContract));
    }
}
