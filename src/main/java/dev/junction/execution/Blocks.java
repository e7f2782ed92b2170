package dev.junction.execution;

import dev.junction.chain.ChainId;

/**
 * Block numbering of the network's chains. Blocks
 * are produced at the simulation speed; the head is the last block produced. Times are wall-clock Unix ms (one time
 * model: see {@code SimulationClock}).
 */
public interface Blocks {

    /** Current network time, wall-clock Unix ms. */
    long nowMs();

    /** Number of the chain's latest produced block. */
    long head(ChainId chain);

    /** Timestamp of block {@code number} of the chain, wall-clock Unix ms. */
    long timestampMs(ChainId chain, long number);
}
