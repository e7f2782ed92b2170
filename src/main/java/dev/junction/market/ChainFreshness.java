package dev.junction.market;

import dev.junction.chain.ChainId;

/**
 * Whether a chain's market state is fresh enough to quote from. Chain mode provides one (a chain is stale when its
 * node has not been synced within its {@code max-staleness}); without one every chain is fresh.
 */
public interface ChainFreshness {

    /**
     * @throws StaleChainException naming the chain when its state is too old to quote from
     */
    void requireFresh(ChainId chain);
}
