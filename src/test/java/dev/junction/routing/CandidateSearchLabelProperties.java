package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The search's per-path group filter answers exactly like walking the path. */
class CandidateSearchLabelProperties {

    @Property(tries = 1000)
    void visitedGroupIsTheWalk(@ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = 300) Integer> nodes,
            @ForAll @IntRange(min = 0, max = 300) int probe, @ForAll @IntRange(min = 1, max = 200) int groups) {
        int[] group = new int[301];
        for (int n = 0; n < group.length; n++) {
            group[n] = (n * 7 + 3) % groups; // many groups share a filter bit (group % 64)
        }
        CandidateSearch.Label l = null;
        for (int node : nodes) {
            l = new CandidateSearch.Label(l, null, node, l == null ? 0 : l.steps + 1, 0, 1, 1, 0, 0, group[node]);
        }
        boolean walked = false;
        for (int node : nodes) {
            walked |= group[node] == group[probe];
        }
        assertThat(l.visitedGroup(group, group[probe])).isEqualTo(walked);
    }
}
