package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;

/**
 * Junction's Permit2 witness (acquisition mode 3): {@code SwapWitness(bytes32 quoteId,address outputToken,uint256
 * minAmountOut,address receiver,uint256 toChain)}. Signed together with the permit, it binds the route's terms so the
 * executor cannot change them.
 *
 * @param quoteId the gasless quote id, 32 bytes as {@code 0x} + 64 hex digits
 * @param outputToken token the receiver gets on the destination chain
 * @param minAmountOut minimum output, output-token units
 * @param receiver who receives the output
 * @param toChain destination chain
 */
public record SwapWitness(String quoteId, Address outputToken, Amount minAmountOut, Address receiver, ChainId toChain)
        implements PermitWitness {

    /** The witness type name, as it appears in {@code types} and in the witness type string. */
    public static final String TYPE_NAME = "SwapWitness";

    static final List<TypedField> FIELDS = List.of(new TypedField("quoteId", "bytes32"),
            new TypedField("outputToken", "address"), new TypedField("minAmountOut", "uint256"),
            new TypedField("receiver", "address"), new TypedField("toChain", "uint256"));

    public SwapWitness {
        if (quoteId == null || !Hex.isHex(quoteId) || quoteId.length() != 66) {
            throw new IllegalArgumentException("a witness quoteId must be 0x followed by 64 hex digits");
        }
        if (outputToken == null || minAmountOut == null || receiver == null || toChain == null) {
            throw new IllegalArgumentException("a witness needs outputToken, minAmountOut, receiver and toChain");
        }
        quoteId = quoteId.toLowerCase(Locale.ROOT);
    }

    @Override
    public String typeName() {
        return TYPE_NAME;
    }

    @Override
    public List<TypedField> fields() {
        return FIELDS;
    }

    @Override
    public List<Eip712Value> values() {
        return List.of(new Eip712Value.Bytes32Value(Bytes32.of(quoteId)), new Eip712Value.AddressValue(outputToken),
                new Eip712Value.Uint256Value(minAmountOut.value()), new Eip712Value.AddressValue(receiver),
                new Eip712Value.Uint256Value(BigInteger.valueOf(toChain.value())));
    }
}
