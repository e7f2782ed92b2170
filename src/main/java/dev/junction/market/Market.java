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
}
