package dev.junction.execution.internal;

import java.util.function.LongSupplier;
import org.springframework.transaction.support.TransactionTemplate;

/** Persists a leased swap's transitions, renewing the lease with each one. */
final class SwapWrites {

    private final SwapRepository swaps;
    private final TransactionTemplate tx;
    private final LongSupplier wallClock;
    private final long leaseMs;

    /**
     * @param wallClock epoch ms of the wall clock (leases)
     * @param leaseMs lease renewed on each save, ms
     */
    SwapWrites(SwapRepository swaps, TransactionTemplate tx, LongSupplier wallClock, long leaseMs) {
        this.swaps = swaps;
        this.tx = tx;
        this.wallClock = wallClock;
        this.leaseMs = leaseMs;
    }

    /** Saves the swap's new state and events in one database transaction. */
    void save(Swap s, String instance) {
        save(s, instance, () -> {
        });
    }

    /**
     * Runs {@code transition} (which may write, e.g. reserve a nonce, and then fires the swap's event) and saves the
     * swap's new state in the same database transaction.
     */
    void save(Swap s, String instance, Runnable transition) {
        tx.executeWithoutResult(status -> {
            transition.run();
            swaps.update(s, instance, wallClock.getAsLong() + leaseMs);
        });
    }
}
