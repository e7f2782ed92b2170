package dev.junction.status;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapState;
import dev.junction.execution.SwapView;
import java.util.Optional;

/**
 * Chain mode's {@link StatusLookup}: a hash on a configured chain is read from that chain's node ({@link ChainStatus}):
 * any transaction, whoever sent it, never a sandbox swap. A chain that is not configured is answered from the
 * executor's swaps, as in the sandbox.
 */
final class ChainStatusLookup implements StatusLookup {

    private final ChainStatus chains;
    private final ChainRelay relay;
    private final SandboxStatusLookup ledger;

    /** @param ledger the executor's swaps: chains without a node, and what a node cannot know */
    ChainStatusLookup(ChainStatus chains, ChainRelay relay, SandboxStatusLookup ledger) {
        this.chains = chains;
        this.relay = relay;
        this.ledger = ledger;
    }

    @Override
    public StatusResult lookup(TxHash txHash, ChainId fromChainId, String userAddress) {
        if (!chains.serves(fromChainId)) {
            return ledger.lookup(txHash, fromChainId, userAddress);
        }
        StatusResult onChain = chains.lookup(txHash, fromChainId, userAddress);
        if (onChain.status() != SwapStatus.NOT_FOUND) {
            return onChain;
        }
        // a relayer's hash the chain does not know because the relayer replaced it (same nonce, fees raised) and the
        // chain included another version: that version is the route's transaction
        Optional<ChainRelay.Outcome> relayed = relay.outcome(fromChainId, txHash);
        if (relayed.isPresent() && relayed.get().included() && !relayed.get().hash().equals(txHash)) {
            return chains.lookup(relayed.get().hash(), fromChainId, userAddress);
        }
        // the one answer the node cannot give: a relayed gasless swap whose transaction never made it on chain and was
        // cancelled once the chain passed the permit deadline (the hash will never exist there)
        return ledger.find(txHash, fromChainId, userAddress)
                .filter(v -> v.kind() == SwapKind.GASLESS && v.state() == SwapState.EXPIRED)
                .map(ledger::map).orElse(onChain);
    }

    @Override
    public boolean readsNode(ChainId fromChainId) {
        return chains.serves(fromChainId);
    }

    /** The executor's record of a relayed swap (the chain's reading is what GET /status answers for its hash). */
    @Override
    public StatusResult of(SwapView swap) {
        return ledger.map(swap);
    }
}
