package dev.junction.market;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * The market Junction serves: the current immutable {@link MarketSnapshot}, replaced atomically. Readers never block
 * and always see one whole snapshot; writers are serialised, so each update applies to the snapshot the previous one
 * produced and no update is lost. A new snapshot is built off to the side, with the values derived from it
 * ({@link #deriveOnUpdate}: the planner's route graph), and published by one reference swap.
 */
public final class LiveMarket implements Market {

    private final AtomicReference<MarketSnapshot> current;
    private final ReentrantLock writes = new ReentrantLock();
    private final List<MarketSnapshot.Derivation<?>> derivations = new CopyOnWriteArrayList<>();

    public LiveMarket(MarketSnapshot initial) {
        this.current = new AtomicReference<>(Objects.requireNonNull(initial, "initial snapshot"));
    }

    @Override
    public MarketSnapshot current() {
        return current.get();
    }

    @Override
    public void deriveOnUpdate(MarketSnapshot.Derivation<?> derivation) {
        writes.lock();
        try {
            derivations.add(derivation);
            current.get().derived(derivation);
        } finally {
            writes.unlock();
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException when {@code change} returns another snapshot whose version is not newer
     */
    @Override
    public MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
        writes.lock();
        try {
            MarketSnapshot before = current.get();
            MarketSnapshot after = Objects.requireNonNull(change.apply(before), "an update must return a snapshot");
            if (after != before && after.version() <= before.version()) {
                throw new IllegalStateException("an update must produce a newer version than " + before.version()
                        + ", produced " + after.version());
            }
            if (after != before) {
                for (MarketSnapshot.Derivation<?> d : derivations) {
                    after.derived(d);
                }
            }
            current.set(after);
            return after;
        } finally {
            writes.unlock();
        }
    }
}
