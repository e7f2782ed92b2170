package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A graph computes each reachability table once and shares it, up to its bound; past it, every call computes. */
class RouteGraphDistancesTest {

    private final RouteGraph graph = new RouteGraph(TestMarket.standard().snapshot(), 2);

    @Test
    void sameArgumentsShareOneTableDifferentArgumentsDoNot() {
        AtomicInteger computed = new AtomicInteger();
        int[][] first = graph.distances(1, 0, 4, 1, () -> table(computed));
        int[][] again = graph.distances(1, 0, 4, 1, () -> table(computed));
        assertThat(again).isSameAs(first);
        assertThat(computed).hasValue(1);

        assertThat(graph.distances(2, 0, 4, 1, () -> table(computed))).isNotSameAs(first);
        assertThat(graph.distances(1, 3, 4, 1, () -> table(computed))).isNotSameAs(first);
        assertThat(graph.distances(1, 0, 3, 1, () -> table(computed))).isNotSameAs(first);
        assertThat(graph.distances(1, 0, 4, 2, () -> table(computed))).isNotSameAs(first);
        assertThat(computed).hasValue(5);
    }

    @Test
    void pastTheBoundTablesAreComputedPerCallAndNotKept() {
        AtomicInteger computed = new AtomicInteger();
        for (int target = 0; target < RouteGraph.DISTANCE_TABLES; target++) {
            graph.distances(target, 0, 4, 1, () -> table(computed));
        }
        assertThat(computed).hasValue(RouteGraph.DISTANCE_TABLES);
        int[][] extra = graph.distances(-1, 0, 4, 1, () -> table(computed));
        int[][] extraAgain = graph.distances(-1, 0, 4, 1, () -> table(computed));
        assertThat(extraAgain).isNotSameAs(extra);
        assertThat(computed).hasValue(RouteGraph.DISTANCE_TABLES + 2);
        assertThat(graph.distances(0, 0, 4, 1, () -> table(computed))).isNotNull();
        assertThat(computed).hasValue(RouteGraph.DISTANCE_TABLES + 2);
    }

    private static int[][] table(AtomicInteger computed) {
        computed.incrementAndGet();
        return new int[][] {{0}};
    }
}
