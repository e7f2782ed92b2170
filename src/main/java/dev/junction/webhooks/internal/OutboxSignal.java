package dev.junction.webhooks.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Wakes this instance's dispatcher and open status streams when an event was committed here, so a delivery or a
 * stream does not wait for its next poll; events committed by other instances are found by the polls.
 */
final class OutboxSignal {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private long generation;

    /** Runs {@code listener} on every signal (the dispatcher's wake-up). */
    void onSignal(Runnable listener) {
        listeners.add(listener);
    }

    /** Signals once the current database transaction commits (at once when there is none). */
    void afterCommit() {
        afterCommit(this::signal);
    }

    /** Runs {@code action} once the current database transaction commits (at once when there is none). */
    static void afterCommit(Runnable action) {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    action.run();
                }
            });
        } else {
            action.run();
        }
    }

    void signal() {
        lock.lock();
        try {
            generation++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        listeners.forEach(Runnable::run);
    }

    /** The current generation, to wait from. */
    long generation() {
        lock.lock();
        try {
            return generation;
        } finally {
            lock.unlock();
        }
    }

    /** Waits until a signal after {@code seen} or {@code millis} passed. */
    void await(long seen, long millis) throws InterruptedException {
        lock.lock();
        try {
            long nanos = TimeUnit.MILLISECONDS.toNanos(millis);
            while (generation == seen && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
        } finally {
            lock.unlock();
        }
    }
}
