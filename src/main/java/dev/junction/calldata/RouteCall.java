package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.util.List;

/**
 * Everything needed to build the transaction of one route: the encoder's input. The routing adapter
 * ({@link RouteCalls}) fills it from a planned route; tests build it by hand.
 *
 * @param quoteId the quote's id (a {@code 0x} + 64 hex id is used as is, any other text as keccak256 of its UTF-8)
 * @param chain the source chain, where the transaction is sent
 * @param router Junction's router on the source chain (the transaction's {@code to})
 * @param sender wallet that funds the route
 * @param receiver recipient of the output (EVM or, for a bridge to Solana, a Solana address)
 * @param inputToken token paid on the source chain, {@link Address#NATIVE} for the native token
 * @param amountIn input amount, smallest units, > 0
 * @param outputToken token received
 * @param minAmountOut least output the receiver must get, smallest units
 * @param feeBps integrator fee in basis points of the input, 0 to 10000
 * @param feeRecipient who gets the integrator fee; {@link Address#ZERO} when {@code feeBps} is 0
 * @param acquisitionMode how the router takes the input
 * @param destinationCallData call on the receiver after delivery, {@code 0x}-hex ({@code 0x} for none)
 * @param destinationGasLimit most gas {@code destinationCallData} may use, > 0 when there is a call, else 0
 * @param steps the steps in order, at least one; the first runs on {@code chain}
 * @param quotedAt when the quote was made, Unix seconds
 * @param deadline when the route stops being executable on-chain, Unix seconds
 * @param expiry when the quote expires, Unix seconds (the transaction's {@code expiry})
 * @param gasEstimate the route's gas units on the source chain, before margin
 * @param fallbackAddress who gets the output when the destination call reverts or leaves tokens behind; null: the
 *     sender
 */
public record RouteCall(String quoteId, ChainId chain, Address router, Address sender, Address receiver,
        Address inputToken, Amount amountIn, Address outputToken, Amount minAmountOut, int feeBps,
        Address feeRecipient, AcquisitionMode acquisitionMode, String destinationCallData,
        BigInteger destinationGasLimit, List<StepCall> steps, long quotedAt, long deadline, long expiry,
        long gasEstimate, Address fallbackAddress) {

    /** The largest destinationGasLimit of a destination call: a block's gas on most chains. */
    public static final BigInteger MAX_DESTINATION_GAS = BigInteger.valueOf(30_000_000);

    /** A route call whose fallback address is the sender. */
    public RouteCall(String quoteId, ChainId chain, Address router, Address sender, Address receiver,
            Address inputToken, Amount amountIn, Address outputToken, Amount minAmountOut, int feeBps,
            Address feeRecipient, AcquisitionMode acquisitionMode, String destinationCallData,
            BigInteger destinationGasLimit, List<StepCall> steps, long quotedAt, long deadline, long expiry,
            long gasEstimate) {
        this(quoteId, chain, router, sender, receiver, inputToken, amountIn, outputToken, minAmountOut, feeBps,
                feeRecipient, acquisitionMode, destinationCallData, destinationGasLimit, steps, quotedAt, deadline,
                expiry, gasEstimate, null);
    }

    public RouteCall {
        steps = List.copyOf(steps);
        if (quoteId == null || quoteId.isBlank()) {
            throw new IllegalArgumentException("a route call needs a quote id");
        }
        if (router == null) {
            throw new CalldataException("fromChain", "has no Junction router: routes from chain " + chain
                    + " can be quoted but not built");
        }
        if (amountIn.isZero()) {
            throw new IllegalArgumentException("amountIn must be > 0");
        }
        if (feeBps < 0 || feeBps > 10_000) {
            throw new CalldataException("feeBps", "must be from 0 to 10000");
        }
        if (destinationCallData == null) {
            destinationCallData = "0x";
        }
        if (!Hex.isHex(destinationCallData)) {
            throw new CalldataException("destinationCallData", "must be 0x-prefixed hex with an even number of digits");
        }
        if (destinationGasLimit == null) {
            destinationGasLimit = BigInteger.ZERO;
        }
        if (destinationGasLimit.signum() < 0 || destinationGasLimit.compareTo(Amount.MAX_UINT256) > 0) {
            throw new CalldataException("destinationGasLimit", "must be an integer from 0 to 2^256 - 1");
        }
        if (destinationCallData.length() > 2 && (destinationGasLimit.signum() == 0
                || destinationGasLimit.compareTo(MAX_DESTINATION_GAS) > 0)) {
            throw new CalldataException("destinationGasLimit", "must be from 1 to " + MAX_DESTINATION_GAS
                    + " when destinationCallData is given: the most gas the call may use on the destination chain");
        }
        if (fallbackAddress == null) {
            fallbackAddress = sender;
        }
        if (destinationCallData.length() > 2 && (fallbackAddress.solana() || fallbackAddress.equals(Address.ZERO)
                || fallbackAddress.equals(router))) {
            throw new CalldataException("fallbackAddress", "must be an EVM address other than the zero address and"
                    + " the router when destinationCallData is given: it receives the output if the call fails");
        }
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a route call needs at least one step");
        }
        if (gasEstimate < 0 || deadline < 0 || expiry < 0 || quotedAt < 0) {
            throw new IllegalArgumentException("gas and times must be >= 0");
        }
    }

    /** Whether the input is the chain's native token. */
    public boolean nativeInput() {
        return inputToken.isNative() || inputToken.equals(Address.ZERO);
    }

    /** Whether a destination call is attached. */
    public boolean hasDestinationCall() {
        return destinationCallData.length() > 2;
    }
}
