package dev.junction.market;

import java.util.function.UnaryOperator;

/**
 * The live market: the current snapshot, swapped atomically on each update. Readers take {@link #current()} once per
 * request and use only that snapshot.
 */
public interface Market {

    /** The snapshot in force now. */
    MarketSnapshot current();

    /**
     * Replaces the snapshot with {@code change.apply(current)}, atomically with respect to other updates.
     *
     * @return the new snapshot
     */
    MarketSnapshot update(UnaryOperator<MarketSnapshot> change);

    /**
     * Has every snapshot published from now on carry {@code derivation}'s value, computed by the writer before it is
     * published (and the current snapshot's now): the first request on a new snapshot does not compute it. A market
     * that is never updated may ignore it (the value is then computed on first use).
     */
    default void deriveOnUpdate(MarketSnapshot.Derivation<?> derivation) {
        current().derived(derivation);
    }
}
