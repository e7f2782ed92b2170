package dev.junction.status;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.SwapView;
import dev.junction.execution.Swaps;
import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import org.springframework.stereotype.Service;

/**
 * Answers GET /status through the instance's one {@link StatusLookup}: the executor's swaps in the sandbox; in chain
 * mode a hash on a configured chain is read from that chain's node ({@link ChainStatus}).
 */
@Service
public class StatusService {

    /** Seconds to wait before polling for an unknown hash (a just-broadcast transaction may not be indexed yet). */
    static final int NOT_FOUND_POLL_SECONDS = 5;

    private final StatusLookup lookup;

    StatusService(StatusLookup lookup) {
        this.lookup = lookup;
    }

    /** GET /status answered from the executor's swaps alone, as the sandbox answers it. */
    public static StatusService ofExecutor(Swaps swaps, Market market, SimulationClock clock) {
        return new StatusService(new SandboxStatusLookup(swaps, market, clock));
    }

    /**
     * The status of the swap whose source transaction is {@code txHash} on {@code fromChainId}.
     *
     * @param userAddress when not null, must be the swap's sender (compared case-insensitively), else NOT_FOUND: the
     *     answer never reveals another wallet's swap
     */
    public StatusResult lookup(TxHash txHash, ChainId fromChainId, String userAddress) {
        return lookup.lookup(txHash, fromChainId, userAddress);
    }

    /**
     * A swap of the executor as GET /status answers it now (the webhooks' body of a swap's change), where GET /status
     * answers from the executor's record (not {@link #readsNode}).
     */
    public StatusResult of(SwapView swap) {
        return lookup.of(swap);
    }

    /**
     * Whether GET /status reads a hash on {@code fromChainId} from that chain's node (chain mode, a configured
     * chain): then even a swap of the executor is answered with the chain's reading, and its pushed events are
     * readings of the chain too.
     */
    public boolean readsNode(ChainId fromChainId) {
        return lookup.readsNode(fromChainId);
    }
}
