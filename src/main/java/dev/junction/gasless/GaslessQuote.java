package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.util.List;

/**
 * One gasless quote item (interface 2.8-2.10): the typed data to sign and the terms it buys.
 *
 * @param quoteId id to submit with the signature ({@code 0x} + 64 hex digits)
 * @param deadline permit deadline, Unix seconds (valid up to and including this second)
 * @param nonce the Permit2 unordered nonce
 * @param typedData the EIP-712 typed data to sign
 * @param fee what the executor keeps from the input
 * @param terms the route and amounts ({@code quote} object)
 * @param calldata the call the executor will send ({@code calldataTemplate})
 */
public record GaslessQuote(String quoteId, long deadline, PermitNonce nonce, Permit2TypedData typedData, Fee fee,
        Terms terms, CalldataTemplate calldata) {

    /**
     * @param feeAmount executor gas (converted into the input token) plus the integrator fee, input-token units
     * @param feeRecipient who receives it: the gasless executor of the source chain
     * @param feeUsd feeAmount at the input token's reference price
     * @param gasAmount the executor-gas part, input-token units
     * @param integratorFee the integrator part, input-token units
     */
    public record Fee(Amount feeAmount, Address feeRecipient, double feeUsd, Amount gasAmount, Amount integratorFee) {
    }

    /** The {@code quote} object (2.10). USD and latency figures are documented in docs/DECISIONS.md. */
    public record Terms(int acquisitionMode, String aggregator, String aggregatorId, Amount amountIn,
            Amount amountInAfterFee, Amount amountOut, Amount amountOutMin, int bridgeCount, List<String> bridgeProviders,
            CostBreakdown costBreakdownUsd, Address fromToken, Latency latencyBreakdownMs, Address receiver,
            String routeKind, Address toToken, ChainId fromChain, Address sender, ChainId toChain) {
    }

    /** {@code costBreakdownUsd}. */
    public record CostBreakdown(double bridgeFeeUsd, double dexFeeUsd, double gasUsd, double netOutputUsd,
            double outputUsd) {
    }

    /** {@code latencyBreakdownMs}: 90th percentiles, milliseconds. */
    public record Latency(long bridgeP90Ms, long dexP90Ms, long totalP90Ms) {
    }

    /**
     * {@code calldataTemplate}.
     *
     * @param to the router on the source chain
     * @param innerData the router call the executor sends, {@code 0x}-hex
     * @param callDataHash keccak256(innerData)
     * @param value wei sent with the call: always 0 (the input is an ERC-20 pulled by Permit2)
     * @param executionPlan the steps in readable form
     * @param meta the request's {@code meta} echoed, {@code ""} when the request had none (the interface types it as
     *     a string: never null)
     */
    public record CalldataTemplate(Address to, String innerData, String callDataHash, String value,
            List<PlanLine> executionPlan, String meta) {
        public CalldataTemplate {
            meta = meta == null ? "" : meta;
        }
    }

    /**
     * One step of {@code executionPlan}.
     *
     * @param step 1-based position
     * @param action {@code permit2Transfer}, {@code fee}, {@code swap} or {@code bridge}
     * @param chain chain the step runs on
     * @param provider DEX or bridge key, {@code permit2} or {@code junction}
     * @param tokenIn token spent
     * @param tokenOut token produced
     * @param amountIn planned input, smallest units
     * @param minAmountOut least output, smallest units
     * @param description the step in words
     */
    public record PlanLine(int step, String action, ChainId chain, String provider, Address tokenIn, Address tokenOut,
            Amount amountIn, Amount minAmountOut, String description) {
    }
}
