package dev.junction.market;

import dev.junction.chain.ChainId;

/**
 * Whether a chain's market state is fresh enough to quote from. Chain mode's is the chain market (a chain is stale when
 * its node has not been synced within its {@code max-staleness}); the sandbox's is {@link #ALWAYS}.
 */
public interface ChainFreshness {

    /** The sandbox's: its market is not read from nodes, so every chain is always fresh. */
    ChainFreshness ALWAYS = chain -> {
    };

    /**
     * @throws StaleChainException naming the chain when its state is too old to quote from
     */
    void requireFresh(ChainId chain);

    /**
     * Requires that the chain's market state is at least at the node's head as of now (builds: a transaction is never
     * built on a block older than the node's). Chain mode learns the head (the subscription's newest, else one
     * {@code eth_blockNumber}) and, when the market is behind, catches up first, waiting at most one block time. The
     * sandbox's market is the chain itself: nothing to wait for.
     *
     * @throws StaleChainException naming the chain when the market did not reach that head within one block time
     */
    default void requireAtHead(ChainId chain) {
        requireFresh(chain);
    }
}
