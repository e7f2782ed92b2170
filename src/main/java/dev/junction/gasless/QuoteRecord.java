package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.PlanStep;
import java.math.BigInteger;
import java.util.List;

/**
 * A persisted gasless quote: enough to rebuild the typed data the user signed, verify a signature and hand the route to
 * the executor.
 *
 * @param deadline permit deadline, Unix seconds
 * @param digest the EIP-712 digest at issue time, {@code 0x}-hex (an integrity check of the rebuilt typed data)
 * @param providers provider keys in route order
 * @param mainProvider the aggregator shown ({@code junction} when the route has no swap)
 * @param steps the executor's steps
 * @param onChain the route through Junction's router a relayer sends on a real chain (chain mode); null in the
 *     sandbox, whose executor runs the route itself
 */
record QuoteRecord(String quoteId, int acquisitionMode, Address sender, Address receiver, ChainId fromChain,
        ChainId toChain, Address fromToken, Address toToken, Amount amountIn, Amount feeAmount, Amount amountInAfterFee,
        Amount amountOut, Amount amountOutMin, Address spender, Address router, PermitNonce nonce, long deadline,
        String digest, String innerData, String routeKind, int bridgeCount, List<String> providers,
        String mainProvider, List<PlanStep> steps, OnChain onChain) {

    /**
     * The router route's terms that the typed data binds besides the quote's own (mode 3's {@link RouteWitness}); the
     * call itself is {@code innerData}: {@code executeRouteWithPermit} with an empty signature
     * ({@code TransactionBuilder.withSignature} fills it in).
     *
     * @param feeBps the route's feeBps: the relayer's fee (gas and integrator fee) in basis points of amountIn
     * @param feeRecipient the relayer's fee address
     * @param stepsHash {@code keccak256(abi.encode(steps))}, 0x-hex
     * @param destinationCallHash {@code keccak256(abi.encode(destinationCallData, destinationGasLimit))}, 0x-hex
     * @param fallbackAddress who receives the output when the destination call fails (rows written before V39_7:
     *     the sender)
     */
    record OnChain(int feeBps, Address feeRecipient, String stepsHash, String destinationCallHash,
            Address fallbackAddress) {

        OnChain {
            if (fallbackAddress == null) {
                throw new IllegalArgumentException("fallbackAddress is required");
            }
        }
    }

    QuoteRecord {
        providers = List.copyOf(providers);
        steps = List.copyOf(steps);
    }

    /**
     * This quote with its EIP-712 digest, every other component unchanged. The digest is computed from the record
     * itself ({@link #typedData()}), so the service builds the record first and then fills it in here; the copy by
     * position lives beside the component list and {@code QuoteRecordTest} checks it keeps every other component.
     */
    QuoteRecord withDigest(String digest) {
        return new QuoteRecord(quoteId, acquisitionMode, sender, receiver, fromChain, toChain, fromToken, toToken,
                amountIn, feeAmount, amountInAfterFee, amountOut, amountOutMin, spender, router, nonce, deadline, digest,
                innerData, routeKind, bridgeCount, providers, mainProvider, steps, onChain);
    }

    /** The typed data the sender was asked to sign, rebuilt from the stored terms. */
    Permit2TypedData typedData() {
        TokenPermissions permitted = new TokenPermissions(fromToken, amountIn);
        BigInteger n = nonce.toBigInteger();
        BigInteger d = BigInteger.valueOf(deadline);
        PermitMessage message;
        if (acquisitionMode != 3) {
            message = new PermitTransferFrom(permitted, spender, n, d);
        } else if (onChain != null) {
            message = new PermitWitnessTransferFrom<>(permitted, spender, n, d, new RouteWitness(Bytes32.of(quoteId),
                    fromToken, amountIn.value(), toToken, amountOutMin.value(), receiver, d,
                    BigInteger.valueOf(onChain.feeBps()), onChain.feeBps() == 0 ? Address.ZERO : onChain.feeRecipient(),
                    Bytes32.of(onChain.destinationCallHash()), onChain.fallbackAddress(),
                    Bytes32.of(onChain.stepsHash())));
        } else {
            message = new PermitWitnessTransferFrom<>(permitted, spender, n, d,
                    new SwapWitness(quoteId, toToken, amountOutMin, receiver, toChain));
        }
        return new Permit2TypedData(Eip712Domain.permit2(fromChain), message);
    }

    GaslessSwap.RouteKindInfo routeKindInfo() {
        return new GaslessSwap.RouteKindInfo(routeKind, bridgeCount, providers);
    }
}
