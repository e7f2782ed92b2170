package dev.junction.execution;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * What {@link Swaps#submit} answers once the swap is durably recorded. The source transaction hash is fixed before
 * anything is sent, so a client can poll GET /status with it at once.
 *
 * @param swapId Junction's id of the swap
 * @param executorTxId the executor's id of the job (the {@code executorTxId} of quotes and status)
 * @param fromChain the source chain
 * @param sourceTxHash hash of the source transaction the executor will send (exactly once)
 */
public record SwapSubmission(String swapId, String executorTxId, ChainId fromChain, TxHash sourceTxHash) {
}
