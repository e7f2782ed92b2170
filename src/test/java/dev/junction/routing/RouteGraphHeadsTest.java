package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.snapshot.SnapshotMarketSource;
import org.junit.jupiter.api.Test;

/**
 * The search reads an edge's head (target node, bridge or not) from {@link RouteGraph#outHeads} and loads the edge
 * itself from {@link RouteGraph#out} at the same index: the two must describe the same edges, in the same order.
 */
class RouteGraphHeadsTest {

    @Test
    void everyNodesHeadsNameItsEdgesTargetAndKindInOrder() {
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        RouteGraph graph = new RouteGraph(snapshot, 3);
        int swaps = 0;
        int bridges = 0;
        for (int node = 0; node < graph.out.length; node++) {
            Edge[] edges = graph.out[node];
            int[] heads = graph.outHeads[node];
            assertThat(heads).as("heads of node %d", node).hasSameSizeAs(edges);
            for (int j = 0; j < edges.length; j++) {
                assertThat(heads[j] >>> 1).as("target of edge %d of node %d", j, node).isEqualTo(edges[j].to);
                assertThat((heads[j] & 1) == 1).as("kind of edge %d of node %d", j, node)
                        .isEqualTo(edges[j].isBridge());
                if (edges[j].isBridge()) {
                    bridges++;
                } else {
                    swaps++;
                }
            }
        }
        assertThat(swaps).isPositive();
        assertThat(bridges).isPositive();
    }
}
