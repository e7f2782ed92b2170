package dev.junction.execution;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.util.Optional;

/**
 * The durable swap executor. {@link #submit} records a swap and returns at once; a background runner then carries it
 * out exactly once, surviving restarts of the service, and several instances on one database share the work.
 */
public interface Swaps {

    /**
     * Accepts a swap: validates the plan against the current market, persists it in state RECEIVED with its source
     * transaction id (nonce and hash) and schedules it. Nothing is sent before this returns. Idempotent on
     * {@link ExecutionPlan#reference()}: a repeated reference returns the first submission.
     *
     * @throws InvalidPlanException when the plan names a chain, pool, token or lane the market does not have
     */
    SwapSubmission submit(ExecutionPlan plan);

    /**
     * Accepts a DIRECT swap whose source transaction the user's wallet signed and broadcast (the devnet's router call):
     * the swap's source transaction is recorded with the wallet's hash (keccak256 of the raw signed bytes) and nonce,
     * and {@link ExecutionPlan#reference()} must be that hash, so a repeated submission returns the first swap. The
     * runner then executes the source transaction under that hash, exactly once.
     *
     * @throws InvalidPlanException when the plan is not DIRECT, its reference is not {@code walletTx}, or it names
     *     something the market does not have
     * @throws UnsupportedOperationException from an implementation that only takes Junction-sent swaps (the default;
     *     test doubles)
     */
    default SwapSubmission submitSigned(ExecutionPlan plan, TxHash walletTx, long walletNonce) {
        throw new UnsupportedOperationException("this executor does not take wallet-signed swaps");
    }

    /**
     * Accepts a GASLESS swap whose one transaction Junction's relayer has signed and recorded on a real chain
     * ({@link ChainRelay#prepare}, in the caller's database transaction): the swap's source transaction is that one
     * (hash, nonce, relayer), and the executor follows it to its end from the chain (included, confirmed, then DONE
     * from the receipt, or FAILED with the decoded revert reason) instead of running it itself. Idempotent on
     * {@link ExecutionPlan#reference()}.
     *
     * @throws UnsupportedOperationException from an implementation without real chains (test doubles)
     */
    default SwapSubmission submitRelayed(ExecutionPlan plan, ChainRelay.Relayed relayed) {
        throw new UnsupportedOperationException("this executor does not follow relayed transactions");
    }

    /** The swap whose source transaction is {@code sourceTx} on {@code fromChain}. */
    Optional<SwapView> findBySourceTx(ChainId fromChain, TxHash sourceTx);

    /** The swap with this id. */
    Optional<SwapView> find(String swapId);
}
