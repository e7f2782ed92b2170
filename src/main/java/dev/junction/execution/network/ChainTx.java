package dev.junction.execution.network;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.PlanStep;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * A transaction Junction sends on one chain: a sequence of swaps on that chain, then optionally a bridge deposit or a
 * delivery of the result to the recipient. Its hash is a pure function of chain, sender, nonce and payload, so it is
 * known (and recorded) before the transaction is sent.
 *
 * @param chain the chain it runs on
 * @param sender the account that sends it
 * @param nonce the sender's nonce on that chain
 * @param kind role of the transaction in a swap
 * @param reference the swap id it belongs to (part of the payload, like a router call's memo)
 * @param tokenIn token the transaction starts with
 * @param amountIn amount it starts with, tokenIn smallest units
 * @param swaps swap steps on this chain, in order (may be empty); a split route's legs each start with their
 *     {@link PlanStep.Leg}
 * @param bridge the bridge deposit at the end, or null
 * @param recipient who receives the output when there is no bridge deposit
 * @param minAmountOut least final output of the swaps (ignored when there are none)
 * @param fallbackToInput when the swaps would return less than their minimum: true delivers the input token to the
 *     recipient instead (destination of a cross-chain swap), false reverts (nothing moves)
 */
public record ChainTx(ChainId chain, Address sender, long nonce, TxKind kind, String reference, Address tokenIn,
        Amount amountIn, List<PlanStep> swaps, PlanStep.Bridge bridge, Address recipient, Amount minAmountOut,
        boolean fallbackToInput) {

    public ChainTx {
        Objects.requireNonNull(chain, "chain");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(tokenIn, "tokenIn");
        Objects.requireNonNull(amountIn, "amountIn");
        Objects.requireNonNull(recipient, "recipient");
        Objects.requireNonNull(minAmountOut, "minAmountOut");
        swaps = List.copyOf(swaps);
        if (swaps.stream().anyMatch(PlanStep.Bridge.class::isInstance)) {
            throw new IllegalArgumentException("a transaction's swaps are swap and leg steps; its bridge is apart");
        }
        if (nonce < 0) {
            throw new IllegalArgumentException("a nonce is >= 0");
        }
    }

    /** The transaction's role. */
    public enum TxKind {
        SOURCE, DESTINATION, REFUND
    }

    /** Canonical payload bytes (what the hash commits to besides chain, sender and nonce). */
    public byte[] payload() {
        StringBuilder s = new StringBuilder();
        s.append(kind).append('|').append(reference).append('|').append(tokenIn.lower()).append('|').append(amountIn)
                .append('|').append(recipient.lower()).append('|').append(minAmountOut).append('|')
                .append(fallbackToInput);
        for (PlanStep step : swaps) {
            if (step instanceof PlanStep.Swap w) {
                s.append("|swap:").append(w.poolId()).append(',').append(w.tokenIn().lower()).append(',')
                        .append(w.tokenOut().lower()).append(',').append(w.minAmountOut());
            } else if (step instanceof PlanStep.Leg l) {
                s.append("|leg:").append(l.shareBps()).append(',').append(l.tokenIn().lower()).append(',')
                        .append(l.tokenOut().lower());
            }
        }
        if (bridge != null) {
            s.append("|bridge:").append(bridge.provider()).append(',').append(bridge.toChain()).append(',')
                    .append(bridge.inputToken().lower()).append(',').append(bridge.outputToken().lower()).append(',')
                    .append(bridge.minAmountOut());
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }
}
