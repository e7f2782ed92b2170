package dev.junction.execution.network;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * The receipt of an included transaction.
 *
 * @param success false when it reverted (then nothing moved)
 * @param fellBack true when the swaps fell short and the input token was delivered instead (see
 *     {@link ChainTx#fallbackToInput()})
 * @param tokenOut token the transaction ended with (delivered, or deposited into the bridge)
 * @param amountOut amount of tokenOut, smallest units; zero when reverted
 * @param blockNumber block that includes it
 * @param timestampMs that block's timestamp, simulation epoch ms
 */
public record Receipt(ChainId chain, TxHash hash, boolean success, boolean fellBack, Address tokenOut, Amount amountOut,
        long blockNumber, long timestampMs) {
}
