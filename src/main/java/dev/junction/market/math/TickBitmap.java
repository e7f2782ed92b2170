package dev.junction.market.math;

import java.util.NavigableMap;

/**
 * Uniswap V3 {@code TickBitmap.nextInitializedTickWithinOneWord}, answered from the sorted map of initialized ticks
 * instead of the bitmap words. A word holds 256 compressed ticks ({@code tick / tickSpacing}, rounded toward negative
 * infinity); the search never leaves the word of its start, and when the word has no initialized tick it stops at the
 * word's edge, exactly like the contract: the swap loop takes a step there, which rounds on its own.
 */
final class TickBitmap {

    private TickBitmap() {
    }

    /**
     * The next tick to step to and whether it is initialized.
     *
     * @param initialized initialized ticks (each a multiple of tickSpacing)
     * @param lte search at or below {@code tick} (zeroForOne) instead of strictly above it
     */
    static Next nextInitializedTickWithinOneWord(NavigableMap<Integer, ?> initialized, int tick, int tickSpacing,
            boolean lte) {
        int compressed = Math.floorDiv(tick, tickSpacing);
        if (lte) {
            int wordStart = compressed - (compressed & 255);
            Integer found = initialized.floorKey(compressed * tickSpacing);
            if (found != null && found >= wordStart * tickSpacing) {
                return new Next(found, true);
            }
            return new Next(wordStart * tickSpacing, false);
        }
        int from = compressed + 1;
        int wordEnd = from + 255 - (from & 255);
        Integer found = initialized.ceilingKey(from * tickSpacing);
        if (found != null && found <= wordEnd * tickSpacing) {
            return new Next(found, true);
        }
        return new Next(wordEnd * tickSpacing, false);
    }

    /** A step target: the tick and whether it is initialized. */
    record Next(int tick, boolean initialized) {
    }
}
