package dev.junction.gasless;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.List;

/**
 * Permit2 {@code PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,
 * W witness)}, the message of acquisition mode 3. Its EIP-712 type string equals Permit2's stub followed by the
 * witness type string {@code "<witness type> witness)" + <witness type>(...) + TokenPermissions(...)}. The witness is a
 * {@link SwapWitness} through the sandbox's executor, or a {@link RouteWitness} through Junction's router
 * ({@code executeRouteWithPermit}, spender = the router); with Permit2's domain in a {@link Permit2TypedData}, its types
 * and values are what ethers v6 {@code signTypedData(domain, types, message)} takes.
 *
 * @param permitted token and amount
 * @param spender the contract that calls Permit2
 * @param nonce unordered nonce
 * @param deadline Unix seconds, inclusive
 * @param witness the route terms bound by the signature
 * @param <W> the witness's type
 */
public record PermitWitnessTransferFrom<W extends PermitWitness>(TokenPermissions permitted, Address spender,
        BigInteger nonce, BigInteger deadline, W witness) implements PermitMessage {

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
        return List.of(new TypedField("permitted", "TokenPermissions"), new TypedField("spender", "address"),
                new TypedField("nonce", "uint256"), new TypedField("deadline", "uint256"),
                new TypedField("witness", witness.typeName()));
    }

    @Override
    public List<Eip712Value> values() {
        return List.of(new Eip712Value.StructValue(permitted), new Eip712Value.AddressValue(spender),
                new Eip712Value.Uint256Value(nonce), new Eip712Value.Uint256Value(deadline),
                new Eip712Value.StructValue(witness));
    }
}
