package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;

/**
 * Read-only calls on the real chains Junction relays on (a chain of {@code junction.chains.*}, or of the relayer's
 * legacy {@code junction.relayer.rpc-urls}), through the nodes module's client of that chain; none in the sandbox.
 * Used for the on-chain checks before a gasless swap is accepted.
 */
public interface ChainReads {

    /** Whether a node of {@code chain} is configured. */
    boolean configured(ChainId chain);

    /**
     * {@code eth_call} of {@code data} on {@code to} at the latest block.
     *
     * @return the returned bytes
     * @throws IllegalArgumentException when no node of {@code chain} is configured
     */
    byte[] call(ChainId chain, Address to, byte[] data);
}
