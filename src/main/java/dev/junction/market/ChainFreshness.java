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
}
