package dev.junction.calldata;

import dev.junction.chain.Hex;
import java.util.Arrays;
import java.util.List;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint8;

/** Test-side decoding with web3j's own decoder (FunctionReturnDecoder), independent of the encoder's code path. */
final class Decoded {

    private Decoded() {
    }

    /** The call's selector as {@code 0x} + 8 hex digits. */
    static String selector(byte[] call) {
        return Hex.encode(Arrays.copyOf(call, 4));
    }

    /** Decodes the arguments after the selector with the given types. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static List<Type> args(byte[] call, List<TypeReference<?>> types) {
        String hex = Hex.encode(Arrays.copyOfRange(call, 4, call.length));
        return FunctionReturnDecoder.decode(hex, (List) types);
    }

    /** Decodes a plain {@code abi.encode(...)} payload. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static List<Type> payload(byte[] encoded, List<TypeReference<?>> types) {
        return FunctionReturnDecoder.decode(Hex.encode(encoded), (List) types);
    }

    /** RouteParams as web3j reads it back. */
    public static class RouteParams extends DynamicStruct {
        public final Bytes32 quoteId;
        public final Address inputToken;
        public final Uint256 amountIn;
        public final Address outputToken;
        public final Uint256 minAmountOut;
        public final Address receiver;
        public final Uint256 deadline;
        public final Uint16 feeBps;
        public final Address feeRecipient;
        public final Uint8 acquisitionMode;
        public final DynamicBytes destinationCallData;
        public final Uint256 destinationGasLimit;

        public RouteParams(Bytes32 quoteId, Address inputToken, Uint256 amountIn, Address outputToken,
                Uint256 minAmountOut, Address receiver, Uint256 deadline, Uint16 feeBps, Address feeRecipient,
                Uint8 acquisitionMode, DynamicBytes destinationCallData, Uint256 destinationGasLimit) {
            super(quoteId, inputToken, amountIn, outputToken, minAmountOut, receiver, deadline, feeBps, feeRecipient,
                    acquisitionMode, destinationCallData, destinationGasLimit);
            this.quoteId = quoteId;
            this.inputToken = inputToken;
            this.amountIn = amountIn;
            this.outputToken = outputToken;
            this.minAmountOut = minAmountOut;
            this.receiver = receiver;
            this.deadline = deadline;
            this.feeBps = feeBps;
            this.feeRecipient = feeRecipient;
            this.acquisitionMode = acquisitionMode;
            this.destinationCallData = destinationCallData;
            this.destinationGasLimit = destinationGasLimit;
        }
    }

    /** Step as web3j reads it back. */
    public static class Step extends DynamicStruct {
        public final Uint8 kind;
        public final Address adapter;
        public final Address tokenIn;
        public final Address tokenOut;
        public final Uint256 minAmountOut;
        public final DynamicBytes data;

        public Step(Uint8 kind, Address adapter, Address tokenIn, Address tokenOut, Uint256 minAmountOut,
                DynamicBytes data) {
            super(kind, adapter, tokenIn, tokenOut, minAmountOut, data);
            this.kind = kind;
            this.adapter = adapter;
            this.tokenIn = tokenIn;
            this.tokenOut = tokenOut;
            this.minAmountOut = minAmountOut;
            this.data = data;
        }
    }

    /** executeRoute's arguments read back. */
    record Execute(RouteParams params, List<Step> steps) {
    }

    @SuppressWarnings("unchecked")
    static Execute executeRoute(byte[] call) {
        List<Type> out = args(call, List.of(new TypeReference<RouteParams>() { },
                new TypeReference<DynamicArray<Step>>() { }));
        return new Execute((RouteParams) out.get(0), ((DynamicArray<Step>) out.get(1)).getValue());
    }

    /** A destination message {@code abi.encode(RouteParams, Step[])} read back. */
    @SuppressWarnings("unchecked")
    static Execute destinationMessage(byte[] message) {
        List<Type> out = payload(message, List.of(new TypeReference<RouteParams>() { },
                new TypeReference<DynamicArray<Step>>() { }));
        return new Execute((RouteParams) out.get(0), ((DynamicArray<Step>) out.get(1)).getValue());
    }
}
