package dev.junction.status;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.SwapView;

/**
 * Where GET /status finds a transaction, fixed once per instance by {@code junction.market.source}: the executor's
 * swaps in the sandbox ({@link SandboxStatusLookup}), the configured chains' nodes in chain mode
 * ({@link ChainStatusLookup}).
 */
interface StatusLookup {

    /**
     * The status of the swap whose source transaction is {@code txHash} on {@code fromChainId}.
     *
     * @param userAddress when not null, must be the swap's sender (compared case-insensitively), else NOT_FOUND: the
     *     answer never reveals another wallet's swap
     */
    StatusResult lookup(TxHash txHash, ChainId fromChainId, String userAddress);

    /** A swap of the executor as GET /status answers it from the executor's record (a webhook's body). */
    StatusResult of(SwapView swap);

    /**
     * Whether GET /status reads a hash on {@code fromChainId} from that chain's node (chain mode, a configured chain)
     * rather than from the executor's record.
     */
    boolean readsNode(ChainId fromChainId);
}
