package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import java.util.List;

/**
 * Permit2 {@code TokenPermissions(address token,uint256 amount)}: the token and the amount the spender may pull.
 *
 * @param token ERC-20 address
 * @param amount amount in the token's smallest unit
 */
public record TokenPermissions(Address token, Amount amount) implements Eip712Struct {

    static final List<TypedField> FIELDS = List.of(new TypedField("token", "address"), new TypedField("amount", "uint256"));

    public TokenPermissions {
        if (token == null || amount == null) {
            throw new IllegalArgumentException("token permissions need a token and an amount");
        }
    }

    @Override
    public String typeName() {
        return "TokenPermissions";
    }

    @Override
    public List<TypedField> fields() {
        return FIELDS;
    }

    @Override
    public List<Eip712Value> values() {
        return List.of(new Eip712Value.AddressValue(token), new Eip712Value.Uint256Value(amount.value()));
    }
}
