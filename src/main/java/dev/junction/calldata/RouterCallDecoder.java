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

/**
 * Reads Junction router calls back with web3j's own ABI decoder ({@link FunctionReturnDecoder}), a code path apart
 * from {@link TransactionBuilder}'s encoder: {@code executeRoute(RouteParams, Step[])} and a destination message
 * {@code abi.encode(RouteParams, Step[])}, as {@code contracts/abi/JunctionRouter.json} publishes them. The sandbox's
 * dry run decodes built transactions with it; the calldata tests check the encoder against it.
 */
public final class RouterCallDecoder {

    private RouterCallDecoder() {
    }

    /** RouteParams as web3j decodes it (web3j builds it by reflection: public class and constructor). */
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
        public final Address fallbackAddress;

        public RouteParams(Bytes32 quoteId, Address inputToken, Uint256 amountIn, Address outputToken,
                Uint256 minAmountOut, Address receiver, Uint256 deadline, Uint16 feeBps, Address feeRecipient,
                Uint8 acquisitionMode, DynamicBytes destinationCallData, Uint256 destinationGasLimit,
                Address fallbackAddress) {
            super(quoteId, inputToken, amountIn, outputToken, minAmountOut, receiver, deadline, feeBps, feeRecipient,
                    acquisitionMode, destinationCallData, destinationGasLimit, fallbackAddress);
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
            this.fallbackAddress = fallbackAddress;
        }
    }

    /** Step as web3j decodes it. */
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

    /** A route read back: its parameters and steps. */
    public record Route(RouteParams params, List<Step> steps) {
    }

    /** Whether the calldata starts with executeRoute's selector. */
    public static boolean isExecuteRoute(byte[] call) {
        return call.length >= 4 && RouterAbi.selector(RouterAbi.EXECUTE_ROUTE)
                .equalsIgnoreCase(Hex.encode(Arrays.copyOf(call, 4)));
    }

    /**
     * The arguments of an {@code executeRoute} call (selector first).
     *
     * @throws IllegalArgumentException when they do not decode as {@code (RouteParams, Step[])}
     */
    public static Route executeRoute(byte[] call) {
        return decode(Hex.encode(Arrays.copyOfRange(call, Math.min(4, call.length), call.length)));
    }

    /**
     * A destination message {@code abi.encode(RouteParams, Step[])}.
     *
     * @throws IllegalArgumentException when it does not decode as {@code (RouteParams, Step[])}
     */
    public static Route destinationMessage(byte[] message) {
        return decode(Hex.encode(message));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Route decode(String hex) {
        List<Type> out;
        try {
            out = FunctionReturnDecoder.decode(hex, (List) List.of(new TypeReference<RouteParams>() { },
                    new TypeReference<DynamicArray<Step>>() { }));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the data does not decode as (RouteParams, Step[])", e);
        }
        if (out.size() != 2) {
            throw new IllegalArgumentException("the data does not decode as (RouteParams, Step[])");
        }
        return new Route((RouteParams) out.get(0), ((DynamicArray<Step>) out.get(1)).getValue());
    }
}
