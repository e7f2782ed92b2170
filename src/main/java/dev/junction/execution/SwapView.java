package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * Read model of one swap for tracking. Times are simulation-clock epoch milliseconds (equal to wall time at clock speed
 * 1).
 *
 * @param amountOut what the receiver got (toToken, or {@code receivedToken} for PARTIAL); null until known
 * @param receivedToken the token actually received when it differs from toToken (PARTIAL); else null
 * @param sourceTx the source transaction; its timestamp is null until it is included in a block
 * @param destinationTx the destination (or refund) transaction; null until there is one
 * @param updatedAtMs time of the last transition
 */
public record SwapView(String swapId, String executorTxId, SwapKind kind, RouteKind routeKind, String provider,
        Address sender, Address receiver, ChainId fromChain, Address fromToken, Amount amountIn, ChainId toChain,
        Address toToken, Amount minAmountOut, Amount amountOut, Address receivedToken, SwapState state,
        Substatus substatus, String message, TxRef sourceTx, TxRef destinationTx, long updatedAtMs) {

    /**
     * A transaction on a chain.
     *
     * @param timestampMs block timestamp, epoch ms; null while not included
     */
    public record TxRef(ChainId chain, TxHash hash, Long timestampMs) {
    }
}
