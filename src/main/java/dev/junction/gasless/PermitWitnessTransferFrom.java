package dev.junction.gasless;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.List;

/**
 * Permit2 {@code PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,
 * SwapWitness witness)}, the message of acquisition mode 3. Its EIP-712 type string equals Permit2's stub followed by
 * the witness type string {@code "SwapWitness witness)" + SwapWitness(...) + TokenPermissions(...)}.
 *
 * @param permitted token and amount
 * @param spender the contract that calls Permit2
 * @param nonce unordered nonce
 * @param deadline Unix seconds, inclusive
 * @param witness the route terms bound by the signature
 */
public record PermitWitnessTransferFrom(TokenPermissions permitted, Address spender, BigInteger nonce,
        BigInteger deadline, SwapWitness witness) implements PermitMessage {

    static final List<TypedField> FIELDS = List.of(new TypedField("permitted", "TokenPermissions"),
            new TypedField("spender", "address"), new TypedField("nonce", "uint256"), new TypedField("deadline", "uint256"),
            new TypedField("witness", SwapWitness.TYPE_NAME));

    public PermitWitnessTransferFrom {
        PermitMessage.check(permitted, spender, nonce, deadline);
        if (witness == null) {
            throw new IllegalArgumentException("a witness permit needs its witness");
        }
    }

    @Override
    public String typeName() {
        return "PermitWitnessTransferFrom";
    }

    @Override
    public List<TypedField> fields() {
        return FIELDS;
    }

    @Override
    public List<Eip712Value> values() {
        return List.of(new Eip712Value.StructValue(permitted), new Eip712Value.AddressValue(spender),
                new Eip712Value.Uint256Value(nonce), new Eip712Value.Uint256Value(deadline),
                new Eip712Value.StructValue(witness));
    }
}
