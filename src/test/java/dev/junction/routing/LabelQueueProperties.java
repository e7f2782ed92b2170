package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.routing.CandidateSearch.Label;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The search's label queue gives partial paths in the order {@link PriorityQueue} gave them (ties included), so the
 * search explores and answers as it did with it; and its ranking is the modes' rule.
 */
class LabelQueueProperties {

    /**
     * Random adds and polls, on few distinct values so that many labels tie: the same labels, by identity, leave both
     * queues in the same order.
     */
    @Property(tries = 500)
    void leavesInPriorityQueueOrder(@ForAll RouteMode mode,
            @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 63) Integer> script) {
        LabelQueue queue = new LabelQueue(mode, 1);
        PriorityQueue<Label> reference = new PriorityQueue<>(1, (a, b) -> LabelQueue.compare(mode, a, b));
        List<Label> fromQueue = new ArrayList<>();
        List<Label> fromReference = new ArrayList<>();
        for (int op : script) {
            if (op < 12) {
                fromQueue.add(queue.poll());
                fromReference.add(reference.poll());
            } else {
                Label l = label(op % 4, op % 3, op % 5);
                queue.add(l);
                reference.add(l);
            }
            assertThat(queue.size()).isEqualTo(reference.size());
            assertThat(queue.peek()).isSameAs(reference.peek());
        }
        while (!reference.isEmpty()) {
            fromQueue.add(queue.poll());
            fromReference.add(reference.poll());
        }
        assertThat(queue.isEmpty()).isTrue();
        assertThat(queue.poll()).isNull();
        assertThat(fromQueue).hasSameSizeAs(fromReference);
        for (int i = 0; i < fromQueue.size(); i++) {
            assertThat(fromQueue.get(i)).isSameAs(fromReference.get(i));
        }
    }

    @Example
    void maxValueRanksByNetValueThenTime() {
        Label rich = label(10, 0, 60);
        Label richSlow = label(10, 0, 600);
        Label poor = label(5, 0, 1);
        Label richAfterGas = label(10, 6, 1);
        assertThat(order(RouteMode.MAX_VALUE, poor, richSlow, richAfterGas, rich))
                .containsExactly(rich, richSlow, poor, richAfterGas);
    }

    @Example
    void fastestRanksByTimeThenNetValue() {
        Label fast = label(1, 0, 10);
        Label fastRich = label(9, 0, 10);
        Label slow = label(100, 0, 500);
        assertThat(order(RouteMode.FASTEST, slow, fast, fastRich)).containsExactly(fastRich, fast, slow);
    }

    @Example
    void suggestedRanksByScoreThenNetValue() {
        Label high = label(1, 0, 1);
        high.score = 3;
        Label lowRich = label(100, 0, 1);
        lowRich.score = 2;
        Label lowPoor = label(50, 0, 1);
        lowPoor.score = 2;
        assertThat(order(RouteMode.SUGGESTED, lowPoor, lowRich, high)).containsExactly(high, lowRich, lowPoor);
    }

    private static List<Label> order(RouteMode mode, Label... labels) {
        LabelQueue queue = new LabelQueue(mode, 2);
        for (Label l : labels) {
            queue.add(l);
        }
        List<Label> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            out.add(queue.poll());
        }
        return out;
    }

    /** A one-step label with this USD value, gas in USD and time; its suggested score is its net value. */
    private static Label label(double usd, double gasUsd, int seconds) {
        Label l = new Label(null, null, 0, 1, 0, usd, usd, gasUsd, seconds, 0);
        l.score = usd - gasUsd;
        return l;
    }
}
