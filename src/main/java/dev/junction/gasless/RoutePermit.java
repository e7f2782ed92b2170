package dev.junction.gasless;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.List;

/**
 * What a user signs for acquisition mode 3 through Junction's router ({@code executeRouteWithPermit}): Permit2's
 * {@code PermitWitnessTransferFrom} with spender = the router and the {@link RouteWitness}. With Permit2's domain in a
 * {@link Permit2TypedData}, its types and values are what ethers v6 {@code signTypedData(domain, types,
 * message)} takes; {@link Permit2TypedData#digest()} is what Permit2 verifies.
 *
 * @param permitted the route's input token and amountIn
 * @param spender Junction's router on the source chain
 * @param nonce Permit2 unordered nonce
 * @param deadline Unix seconds, inclusive
 * @param witness the route
 */
public record RoutePermit(TokenPermissions permitted, Address spender, BigInteger nonce, BigInteger deadline,
        RouteWitness witness) implements PermitMessage {

    static final List<TypedField> FIELDS = List.of(new TypedField("permitted", "TokenPermissions"),
            new TypedField("spender", "address"), new TypedField("nonce", "uint256"),
            new TypedField("deadline", "uint256"), new TypedField("witness", RouteWitness.TYPE_NAME));

    public RoutePermit {
        if (witness == null) {
            throw new IllegalArgumentException("a route permit needs the route witness");
        }
        PermitMessage.check(permitted, spender, nonce, deadline);
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
