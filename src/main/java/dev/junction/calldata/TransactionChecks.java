package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Checks of a built {@link Transaction} before Junction answers it: on a real chain through its node (chain mode:
 * {@code eth_estimateGas}, {@code eth_call}), or on the sandbox's simulated chains as a dry run of the decoded call
 * on the embedded market. One implementation is active per instance.
 */
public interface TransactionChecks {

    /** Whether the transactions of {@code chain} can be checked here. */
    boolean covers(ChainId chain);

    /**
     * The node's {@code eth_estimateGas} of the transaction sent by {@code sender} at the latest block; when the
     * sender has not funded or approved the input yet, estimated with that state overridden (as
     * {@link #simulate} does), since the wallet approves before it sends.
     *
     * @param inputToken the token the route takes ({@link Address#NATIVE} for native input)
     * @param amountIn the amount it takes, smallest units
     * @return empty when the route itself reverts, or when there is no node (the sandbox: the route's modelled gas
     *     stands)
     */
    Optional<BigInteger> estimateGas(Transaction tx, Address sender, Address inputToken, BigInteger amountIn);

    /**
     * Runs exactly the transaction from {@code sender} without committing anything: an {@code eth_call} at the latest
     * block, where the sender's balance or allowance of the input token is short overriding that state so the route
     * itself is what is checked (chain mode); the decoded call dry-run on the embedded market (sandbox).
     *
     * @param inputToken the token the route takes ({@link Address#NATIVE} for native input)
     * @param amountIn the amount it takes, smallest units
     */
    Simulation simulate(Transaction tx, Address sender, Address inputToken, BigInteger amountIn);

    /**
     * The outcome of a simulation.
     *
     * @param success whether the call returned
     * @param reason why it failed, as a person reads it (the decoded revert reason), else null
     * @param block the block it ran at (0 on the sandbox)
     * @param stateOverridden what state the call overrode (e.g. the sender's allowance), empty for none
     */
    record Simulation(boolean success, String reason, long block, String stateOverridden) {
    }
}
