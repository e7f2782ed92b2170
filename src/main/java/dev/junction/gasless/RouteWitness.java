package dev.junction.gasless;

import dev.junction.calldata.RouteCall;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import java.math.BigInteger;
import java.util.List;

/**
 * The Permit2 witness of acquisition mode 3 through Junction's router: {@code JunctionRoute(bytes32 quoteId,address
 * inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,address receiver,uint256 deadline,uint256
 * feeBps,address feeRecipient,bytes32 destinationCall,address fallbackAddress,bytes32 steps)}, equal to
 * {@code JunctionRouter.routeWitness}.
 * It binds every term of the route (the steps by {@code keccak256(abi.encode(steps))}), so the router accepts the
 * permit from any relayer and refuses any change.
 */
public record RouteWitness(Bytes32 quoteId, Address inputToken, BigInteger amountIn, Address outputToken,
        BigInteger minAmountOut, Address receiver, BigInteger deadline, BigInteger feeBps, Address feeRecipient,
        Bytes32 destinationCall, Address fallbackAddress, Bytes32 steps) implements PermitWitness {

    public static final String TYPE_NAME = "JunctionRoute";

    /** Permit2's witness type string: {@code JunctionRouter.WITNESS_TYPE_STRING}. */
    public static final String WITNESS_TYPE_STRING = "JunctionRoute witness)"
            + "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,"
            + "address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,"
            + "address fallbackAddress,bytes32 steps)"
            + "TokenPermissions(address token,uint256 amount)";

    static final List<TypedField> FIELDS = List.of(new TypedField("quoteId", "bytes32"),
            new TypedField("inputToken", "address"), new TypedField("amountIn", "uint256"),
            new TypedField("outputToken", "address"), new TypedField("minAmountOut", "uint256"),
            new TypedField("receiver", "address"), new TypedField("deadline", "uint256"),
            new TypedField("feeBps", "uint256"), new TypedField("feeRecipient", "address"),
            new TypedField("destinationCall", "bytes32"), new TypedField("fallbackAddress", "address"),
            new TypedField("steps", "bytes32"));

    public RouteWitness {
        if (quoteId == null || destinationCall == null || fallbackAddress == null || steps == null) {
            throw new IllegalArgumentException("quoteId, destinationCall, fallbackAddress and steps are required");
        }
    }

    /** The witness of a route call as {@code builder} encodes it. */
    public static RouteWitness of(RouteCall call, TransactionBuilder builder) {
        boolean fee = call.feeBps() != 0;
        return new RouteWitness(TransactionBuilder.quoteId(call.quoteId()),
                call.nativeInput() ? Address.NATIVE : call.inputToken(), call.amountIn().value(),
                TransactionBuilder.evmAddress(call.outputToken()), call.minAmountOut().value(),
                TransactionBuilder.evmAddress(call.receiver()), BigInteger.valueOf(call.deadline()),
                BigInteger.valueOf(call.feeBps()), fee ? call.feeRecipient() : Address.ZERO,
                TransactionBuilder.destinationCallHash(call), TransactionBuilder.evmAddress(call.fallbackAddress()),
                builder.stepsHash(call));
    }

    /** {@code hashStruct(JunctionRoute)}: the witness Permit2 is given. */
    public byte[] hash() {
        return Eip712Encoder.hashStruct(this);
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
        return List.of(new Eip712Value.Bytes32Value(quoteId), new Eip712Value.AddressValue(inputToken),
                new Eip712Value.Uint256Value(amountIn), new Eip712Value.AddressValue(outputToken),
                new Eip712Value.Uint256Value(minAmountOut), new Eip712Value.AddressValue(receiver),
                new Eip712Value.Uint256Value(deadline), new Eip712Value.Uint256Value(feeBps),
                new Eip712Value.AddressValue(feeRecipient), new Eip712Value.Bytes32Value(destinationCall),
                new Eip712Value.AddressValue(fallbackAddress),
                new Eip712Value.Bytes32Value(steps));
    }
}
