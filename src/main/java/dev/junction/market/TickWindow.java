package dev.junction.market;

import dev.junction.market.math.TickMath;

/**
 * The ticks of a concentrated-liquidity pool whose initialized state is known, {@code [low, high]}, in whole
 * tick-bitmap words (256 tick spacings each) clamped to the tick range. Generic over the pools that keep a Uniswap V3
 * style bitmap (Uniswap V3 and its forks, Uniswap V4).
 *
 * @param low lowest known tick ({@link TickMath#MIN_TICK}: every tick below is known)
 * @param high highest known tick ({@link TickMath#MAX_TICK}: every tick above is known)
 */
public record TickWindow(int low, int high) {

    /** How many times farther from the current word a side reaches after one widening. */
    public static final int GROWTH = 4;
    /** The farthest a widening takes a side from the current word, in words (a bound on one pool's reads). */
    public static final int MAX_WORDS = 256;

    public TickWindow {
        if (low > high) {
            throw new IllegalArgumentException("the tick window [" + low + ", " + high + "] is empty");
        }
    }

    /** Every tick known (a pool followed since its creation). */
    public static TickWindow full() {
        return new TickWindow(TickMath.MIN_TICK, TickMath.MAX_TICK);
    }

    /** The bitmap word holding a tick. */
    public static int word(int tick, int spacing) {
        return Math.floorDiv(Math.floorDiv(tick, spacing), 256);
    }

    /** The window of the words within {@code words} of the current tick's word, clamped to the tick range. */
    public static TickWindow around(int tick, int spacing, int words) {
        int w = word(tick, spacing);
        return of(w - words, w + words, spacing);
    }

    /** The window from the first tick of word {@code lowWord} to the last of {@code highWord}, clamped. */
    public static TickWindow of(int lowWord, int highWord, int spacing) {
        long low = (long) lowWord * 256 * spacing;
        long high = ((long) highWord * 256 + 255) * spacing;
        return new TickWindow((int) Math.max(TickMath.MIN_TICK, low), (int) Math.min(TickMath.MAX_TICK, high));
    }

    public boolean contains(int tick) {
        return tick >= low && tick <= high;
    }

    /** Whether every tick below the window is known. */
    public boolean fullBelow() {
        return low <= TickMath.MIN_TICK;
    }

    /** Whether every tick above the window is known. */
    public boolean fullAbove() {
        return high >= TickMath.MAX_TICK;
    }

    public boolean isFull() {
        return fullBelow() && fullAbove();
    }

    /** The word of the window's lowest tick. */
    public int lowWord(int spacing) {
        return word(low, spacing);
    }

    /** The word of the window's highest tick. */
    public int highWord(int spacing) {
        return word(high, spacing);
    }

    /**
     * The window with each asked side reaching {@link #GROWTH} times as many words from the current tick's word as it
     * does now (at least one more), at most {@link #MAX_WORDS}, clamped to the tick range; a side not asked, already
     * full, or already at the bound stays. This very window when nothing grows.
     */
    public TickWindow widened(int tick, int spacing, boolean below, boolean above) {
        int w = word(tick, spacing);
        int lowWord = lowWord(spacing);
        int highWord = highWord(spacing);
        if (below && !fullBelow()) {
            lowWord = w - grown(w - lowWord);
        }
        if (above && !fullAbove()) {
            highWord = w + grown(highWord - w);
        }
        TickWindow next = of(Math.min(lowWord, lowWord(spacing)), Math.max(highWord, highWord(spacing)), spacing);
        return next.equals(this) ? this : next;
    }

    private static int grown(int reach) {
        int now = Math.max(reach, 0);
        return (int) Math.min(MAX_WORDS, Math.max(now + 1L, (long) now * GROWTH));
    }

    /** Whether a side can still grow: not full and not yet {@link #MAX_WORDS} from the current tick's word. */
    public boolean canWiden(int tick, int spacing, boolean below) {
        return !widened(tick, spacing, below, !below).equals(this);
    }
}
