package dev.junction.market;

import dev.junction.chain.ChainId;

/** A chain's market state is older than its max-staleness: no quote may be computed from it. */
public class StaleChainException extends RuntimeException {

    private final ChainId chain;

    public StaleChainException(ChainId chain, String message) {
        super(message);
        this.chain = chain;
    }

    public ChainId chain() {
        return chain;
    }
}
