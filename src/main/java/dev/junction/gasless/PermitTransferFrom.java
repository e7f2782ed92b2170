package dev.junction.gasless;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.List;

/**
 * Permit2 {@code PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)}, the
 * message of acquisition mode 2.
 *
 * @param permitted token and amount
 * @param spender the contract that calls Permit2 (Permit2 hashes {@code msg.sender} in this place)
 * @param nonce unordered nonce: word position {@code nonce >> 8}, bit {@code nonce & 0xff}
 * @param deadline Unix seconds; the permit is valid up to and including this second
 */
public record PermitTransferFrom(TokenPermissions permitted, Address spender, BigInteger nonce, BigInteger deadline)
        implements PermitMessage {

    static final List<TypedField> FIELDS = List.of(new TypedField("permitted", "TokenPermissions"),
            new TypedField("spender", "address"), new TypedField("nonce", "uint256"), new TypedField("deadline", "uint256"));

    public PermitTransferFrom {
        PermitMessage.check(permitted, spender, nonce, deadline);
    }

    @Override
    public String typeName() {
        return "PermitTransferFrom";
    }

    @Override
    public List<TypedField> fields() {
        return FIELDS;
    }

    @Override
    public List<Eip712Value> values() {
        return List.of(new Eip712Value.StructValue(permitted), new Eip712Value.AddressValue(spender),
                new Eip712Value.Uint256Value(nonce), new Eip712Value.Uint256Value(deadline));
    }
}
