package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Checks of a built {@link Transaction} on a real chain, through its node (chain mode). The sandbox has none: its
 * builds are dry-run on the embedded market instead.
 */
public interface OnChainChecks {

    /** Whether the transactions of {@code chain} can be checked on a node (a chain-mode chain). */
    boolean covers(ChainId chain);

    /**
     * The node's {@code eth_estimateGas} of the transaction sent by {@code sender} at the latest block.
     *
     * @return empty when the sender cannot send it as it is (no balance or approval yet): the estimate would revert
     */
    Optional<BigInteger> estimateGas(Transaction tx, Address sender);

    /**
     * An {@code eth_call} of exactly the transaction, from {@code sender} at the latest block; where the sender's
     * balance or allowance of the input token is short, the call overrides that state so the route itself is what
     * is checked.
     *
     * @param inputToken the token the route takes ({@link Address#NATIVE} for native input)
     * @param amountIn the amount it takes, smallest units
     */
    Simulation simulate(Transaction tx, Address sender, Address inputToken, BigInteger amountIn);

    /**
     * The outcome of a simulation.
     *
     * @param success whether the call returned
     * @param reason the decoded revert reason when it did not, else null
     * @param block the block it ran at
     * @param stateOverridden what state the call overrode (e.g. the sender's allowance), empty for none
     */
    record Simulation(boolean success, String reason, long block, String stateOverridden) {
    }
}
