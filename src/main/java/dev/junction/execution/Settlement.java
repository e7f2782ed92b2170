package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * A transaction of a swap that the network has just included, with what it moved: the facts a ledger (the devnet's
 * balances) needs to follow the funds. Delivered once per transaction to every {@link SettlementListener}.
 *
 * @param swapId the swap the transaction belongs to
 * @param role SOURCE (swaps on the source chain, then a bridge deposit or the delivery), DESTINATION (swaps after the
 *     bridge and the delivery), REFUND (a failed bridge's input back to the sender on the source chain)
 * @param chain the chain it ran on
 * @param hash its hash
 * @param sender the account that sent it
 * @param tokenIn token it started with
 * @param amountIn amount of tokenIn, smallest units
 * @param success false when it reverted (nothing moved)
 * @param fellBack true when the swaps fell short and tokenIn was delivered instead
 * @param tokenOut token it ended with
 * @param amountOut amount of tokenOut (zero when reverted)
 * @param recipient who received tokenOut; when {@code bridged}, the funds went to the bridge instead
 * @param bridged true when the output was deposited into a bridge (it arrives with a later DESTINATION)
 * @param blockNumber the including block
 * @param timestampMs that block's timestamp, simulation epoch ms
 */
public record Settlement(String swapId, Role role, ChainId chain, TxHash hash, Address sender, Address tokenIn,
        Amount amountIn, boolean success, boolean fellBack, Address tokenOut, Amount amountOut, Address recipient,
        boolean bridged, long blockNumber, long timestampMs) {

    /** The transaction's role in its swap. */
    public enum Role {
        SOURCE, DESTINATION, REFUND
    }
}
