package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.routing.DestinationCallGas;
import java.math.BigInteger;
import java.util.Set;

/**
 * A parsed GET /gasless/quote request (4.4). The api module builds it from the query; the gasless module applies the
 * gasless rules (acquisition mode, native input, ranking mode, fee).
 *
 * @param fromChain source chain
 * @param fromToken input token (must be an ERC-20)
 * @param toChain destination chain
 * @param toToken output token
 * @param amount full input amount the user permits, > 0
 * @param sender the signer and owner of the input
 * @param receiver who receives the output; null means the sender
 * @param acquisitionMode 2 (permit) or 3 (permit with witness); anything else is refused
 * @param feeBps integrator fee in basis points, null for none
 * @param allowMultiBridge whether multi-bridge candidates may be considered (only one-bridge routes are executable)
 * @param rankingMode {@code value_max}, {@code balanced} or {@code speed_max}; null means value_max
 * @param slippage percentage, null for the planner default (0.5%)
 * @param deadlineMinutes signature deadline window in minutes, null for 30
 * @param meta opaque text echoed in {@code calldataTemplate.meta}; null for none
 * @param includeProviders providers to restrict to (empty: all)
 * @param excludeProviders providers to leave out
 * @param destinationCallData 0x-hex call the router's executor makes to {@code receiver} after the swap, or null
 * @param destinationGasLimit the most gas that call may use, or null (required with a call)
 * @param fallbackAddress who receives the output when the call fails; null means the sender
 */
public record GaslessQuoteCommand(ChainId fromChain, Address fromToken, ChainId toChain, Address toToken, Amount amount,
        Address sender, Address receiver, int acquisitionMode, Integer feeBps, boolean allowMultiBridge,
        String rankingMode, Double slippage, Long deadlineMinutes, String meta, Set<String> includeProviders,
        Set<String> excludeProviders, String destinationCallData, BigInteger destinationGasLimit,
        Address fallbackAddress) {

    /** Deadline window when none is given. */
    public static final long DEFAULT_DEADLINE_MINUTES = 30;

    public GaslessQuoteCommand {
        if (fromChain == null || fromToken == null || toChain == null || toToken == null || amount == null
                || sender == null) {
            throw new IllegalArgumentException("fromChain, fromToken, toChain, toToken, amount and sender are required");
        }
        includeProviders = includeProviders == null ? Set.of() : Set.copyOf(includeProviders);
        excludeProviders = excludeProviders == null ? Set.of() : Set.copyOf(excludeProviders);
    }

    /** A request without a destination call, whose fallback address is the sender. */
    public GaslessQuoteCommand(ChainId fromChain, Address fromToken, ChainId toChain, Address toToken, Amount amount,
            Address sender, Address receiver, int acquisitionMode, Integer feeBps, boolean allowMultiBridge,
            String rankingMode, Double slippage, Long deadlineMinutes, String meta, Set<String> includeProviders,
            Set<String> excludeProviders) {
        this(fromChain, fromToken, toChain, toToken, amount, sender, receiver, acquisitionMode, feeBps,
                allowMultiBridge, rankingMode, slippage, deadlineMinutes, meta, includeProviders, excludeProviders,
                null, null, null);
    }

    /** Whether the request asks for a call after the swap (non-empty {@code destinationCallData}). */
    public boolean hasDestinationCall() {
        return destinationCallData != null && destinationCallData.length() > 2;
    }

    /** The fallback address: the given one, else the sender. */
    public Address effectiveFallback() {
        return fallbackAddress == null ? sender : fallbackAddress;
    }

    /** Gas the destination call adds to the relayer's transaction: its limit plus the executor's hand-over. */
    public long destinationCallGas() {
        return DestinationCallGas.of(destinationCallData, destinationGasLimit);
    }

    public Address effectiveReceiver() {
        return receiver == null ? sender : receiver;
    }
}
