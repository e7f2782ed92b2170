package dev.junction.execution;

import dev.junction.chain.ChainId;

/**
 * Block numbering of the network's chains, for consumers that show the chains to wallets (the devnet's JSON-RPC). Block
 * {@code n} of a chain has timestamp {@code genesis + n * blockTime}; the head is the last block whose time has come.
 * Times are simulation epoch ms.
 */
public interface Blocks {

    /** Current network time, simulation epoch ms (never goes backwards). */
    long nowMs();

    /** Number of the chain's latest produced block. */
    long head(ChainId chain);

    /** Timestamp of block {@code number} of the chain, simulation epoch ms. */
    long timestampMs(ChainId chain, long number);
}
