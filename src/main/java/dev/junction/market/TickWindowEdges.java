package dev.junction.market;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which edges of a pool's known {@link TickWindow} quotes have reached since chain mode last widened it: a quote that
 * would cross past the window is refused (its amount would be a guess) and marks the side here, and chain mode reads
 * that side's next words in its next update round, off the request path, so the following quotes are exact. One per
 * followed pool, shared by the successive states of that pool; thread-safe. {@link #NONE} records nothing (pools
 * whose every tick is known, or markets that never widen).
 */
public final class TickWindowEdges {

    private static final int BELOW = 1;
    private static final int ABOVE = 2;

    /** Records nothing. */
    public static final TickWindowEdges NONE = new TickWindowEdges(false);

    /** The sides asked: below the window (prices going down, token0 in), above it (token1 in). */
    public record Sides(boolean below, boolean above) {

        public boolean any() {
            return below || above;
        }
    }

    private final boolean records;
    private final AtomicInteger reached = new AtomicInteger();

    private TickWindowEdges(boolean records) {
        this.records = records;
    }

    /** A new record for one pool, nothing reached. */
    public static TickWindowEdges create() {
        return new TickWindowEdges(true);
    }

    /** A quote reached the window's lower edge ({@code below}) or its upper edge. */
    public void reached(boolean below) {
        if (records) {
            reached.getAndUpdate(r -> r | (below ? BELOW : ABOVE));
        }
    }

    /** Whether some edge was reached and not yet taken. */
    public boolean pending() {
        return reached.get() != 0;
    }

    /** Not part of a pool's value: any two are equal, so pools and states compare by what they hold. */
    @Override
    public boolean equals(Object o) {
        return o instanceof TickWindowEdges;
    }

    @Override
    public int hashCode() {
        return 0;
    }

    /** The sides reached, cleared: the caller widens them. */
    public Sides take() {
        int r = reached.getAndSet(0);
        return new Sides((r & BELOW) != 0, (r & ABOVE) != 0);
    }
}
