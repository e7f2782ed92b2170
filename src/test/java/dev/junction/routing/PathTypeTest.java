package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A path's shape from its count of bridge steps among all its steps. */
class PathTypeTest {

    @Test
    void swapsOnlyBridgesOnlyOrBoth() {
        assertThat(PathType.of(0, 1)).isEqualTo(PathType.SAME_CHAIN_SWAP);
        assertThat(PathType.of(0, 3)).isEqualTo(PathType.SAME_CHAIN_SWAP);
        assertThat(PathType.of(1, 1)).isEqualTo(PathType.BRIDGE);
        assertThat(PathType.of(2, 2)).isEqualTo(PathType.BRIDGE);
        assertThat(PathType.of(1, 2)).isEqualTo(PathType.CROSS_CHAIN_SWAP);
        assertThat(PathType.of(2, 4)).isEqualTo(PathType.CROSS_CHAIN_SWAP);
    }
}
