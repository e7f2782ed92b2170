package dev.junction.webhooks;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Who submits the swaps accepted on this thread: the api runs a gasless submission inside {@link #as}, and the outbox
 * records that owner as a follower of the new swap in the very database transaction that inserts it (the executor
 * knows nothing of API keys). Outside {@link #as} nobody follows a new swap (the test-only submission endpoint).
 */
public final class Submitter {

    private static final ThreadLocal<Owner> CURRENT = new ThreadLocal<>();

    private Submitter() {
    }

    /** Runs {@code work} with {@code owner} as the submitter of every swap it inserts on this thread. */
    public static <T> T as(Owner owner, Supplier<T> work) {
        Owner before = CURRENT.get();
        CURRENT.set(owner);
        try {
            return work.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    /** The submitter of this thread, when inside {@link #as}. */
    public static Optional<Owner> current() {
        return Optional.ofNullable(CURRENT.get());
    }
}
