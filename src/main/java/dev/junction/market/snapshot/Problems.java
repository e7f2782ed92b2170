package dev.junction.market.snapshot;

import dev.junction.market.MarketDataException;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects validation problems across a snapshot so one start-up failure lists them all (up to {@link #LIMIT}). Each
 * problem names the file, the entry (its index and id) and the field.
 */
final class Problems {

    static final int LIMIT = 50;

    private final List<String> messages = new ArrayList<>();
    private int total;

    /**
     * @param file the file, e.g. {@code market/pools.json}
     * @param entry the entry's position, e.g. {@code pools[12]}
     * @param label the entry's id or another name that finds it in the file, may be null
     * @param field the field, e.g. {@code tickSpacing} or {@code ticks[3].tick}
     * @param rule what is wrong
     */
    void add(String file, String entry, String label, String field, String rule) {
        total++;
        if (messages.size() < LIMIT) {
            String where = label == null ? entry : entry + " (" + label + ")";
            messages.add(file + ": " + where + ", field " + field + ": " + rule);
        }
    }

    boolean isEmpty() {
        return total == 0;
    }

    /** @throws MarketDataException listing every problem when there is at least one */
    void throwIfAny() {
        if (total == 0) {
            return;
        }
        StringBuilder text = new StringBuilder("invalid market snapshot: ").append(messages.getFirst());
        if (total > 1) {
            text.append(" (").append(total).append(" problems in all:");
            for (String m : messages) {
                text.append("\n  - ").append(m);
            }
            if (total > messages.size()) {
                text.append("\n  - ... and ").append(total - messages.size()).append(" more");
            }
            text.append(')');
        }
        throw new MarketDataException(text.toString());
    }
}
