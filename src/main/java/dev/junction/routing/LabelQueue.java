package dev.junction.routing;

import dev.junction.routing.CandidateSearch.Label;
import java.util.Arrays;

/**
 * The candidate search's queue of partial paths, best first under the request's ranking. It is
 * {@link java.util.PriorityQueue}'s binary heap, step for step (the same sift-up and sift-down), so partial paths of
 * equal rank leave in the same order as from a {@code PriorityQueue} ordered by
 * {@link #compare(RouteMode, Label, Label)}: the search explores, and answers, exactly as before. What differs is the
 * comparison, written out per mode on the labels' fields instead of called through a {@code Comparator}: the queue
 * moves run on every partial path a request creates (hundreds), and a profile of {@code /quote} put about 8% of its
 * CPU in them, much of it in the indirect comparator calls.
 */
final class LabelQueue {

    private final RouteMode mode;
    private Label[] heap;
    private int size;

    LabelQueue(RouteMode mode, int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("initialCapacity must be >= 1, was " + initialCapacity);
        }
        this.mode = mode;
        this.heap = new Label[initialCapacity];
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The best label, or null when empty. */
    Label peek() {
        return heap[0];
    }

    void add(Label label) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        int k = size++;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            Label e = heap[parent];
            if (compare(label, e) >= 0) {
                break;
            }
            heap[k] = e;
            k = parent;
        }
        heap[k] = label;
    }

    /** Takes the best label off the queue; null when empty. */
    Label poll() {
        Label result = heap[0];
        if (result == null) {
            return null;
        }
        int n = --size;
        Label x = heap[n];
        heap[n] = null;
        if (n > 0) {
            int k = 0;
            int half = n >>> 1;
            while (k < half) {
                int child = (k << 1) + 1;
                Label c = heap[child];
                int right = child + 1;
                if (right < n && compare(c, heap[right]) > 0) {
                    c = heap[child = right];
                }
                if (compare(x, c) <= 0) {
                    break;
                }
                heap[k] = c;
                k = child;
            }
            heap[k] = x;
        }
        return result;
    }

    private int compare(Label a, Label b) {
        return compare(mode, a, b);
    }

    /**
     * Negative when {@code a} ranks before {@code b}: best first under the mode's ranking, applied to the estimates
     * (field reads and one subtraction: the suggested score is the one {@link Label#rank} set, the net value is
     * usd - gasUsd). The search's kept routes are ordered by the same rule, reversed.
     */
    static int compare(RouteMode mode, Label a, Label b) {
        return switch (mode) {
            case MAX_VALUE -> {
                int c = Double.compare(b.net(), a.net());
                yield c != 0 ? c : Integer.compare(a.seconds, b.seconds);
            }
            case FASTEST -> {
                int c = Integer.compare(a.seconds, b.seconds);
                yield c != 0 ? c : Double.compare(b.net(), a.net());
            }
            case SUGGESTED -> {
                int c = Double.compare(b.score, a.score);
                yield c != 0 ? c : Double.compare(b.net(), a.net());
            }
        };
    }
}
