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
