package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.uniswapv2.UniswapV2State;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pool states' persistent map: a map like any other, each derived map sharing what it did not change. */
class PoolMapTest {

    static UniswapV2State pair(int i, long reserve) {
        return new UniswapV2State("v2", Address.evm(String.format("0x%040x", 1000 + i)), LogReducerTest.T0,
                LogReducerTest.T1, BigInteger.valueOf(reserve), BigInteger.ONE);
    }

    @Test
    void derivedMapsEqualPlainMapsWithTheSamePutsAndLeaveTheirOriginUnchanged() {
        Random random = new Random(7);
        Map<Address, PoolState> plain = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            plain.put(pair(i, 1).address(), pair(i, 1));
        }
        PoolMap map = PoolMap.copyOf(plain);
        List<PoolMap> versions = new ArrayList<>(List.of(map));
        List<Map<Address, PoolState>> expected = new ArrayList<>(List.of(Map.copyOf(plain)));
        for (int step = 0; step < 50; step++) {
            Map<Address, PoolState> changes = new HashMap<>();
            for (int k = 0; k < 1 + random.nextInt(20); k++) {
                PoolState p = pair(random.nextInt(400), step + 2);
                changes.put(p.address(), p);
            }
            map = map.with(changes);
            plain.putAll(changes);
            versions.add(map);
            expected.add(Map.copyOf(plain));
        }
        for (int v = 0; v < versions.size(); v++) {
            assertThat(versions.get(v)).isEqualTo(expected.get(v)).hasSameSizeAs(expected.get(v));
            assertThat(versions.get(v).keySet()).isEqualTo(expected.get(v).keySet());
        }
        assertThat(map.get(pair(9999, 1).address())).isNull();
        assertThat(map.get("not an address")).isNull();
    }

    @Test
    void diffReportsExactlyTheChangedAddedAndRemovedStatesEitherWay() {
        Map<Address, PoolState> first = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            first.put(pair(i, 1).address(), pair(i, 1));
        }
        PoolMap base = PoolMap.copyOf(first);
        PoolState changed = pair(5, 2);
        PoolState added = pair(150, 1);
        PoolMap next = base.with(Map.of(changed.address(), changed, added.address(), added));
        List<PoolState> seen = new ArrayList<>();
        List<PoolState> gone = new ArrayList<>();
        next.diff(base, seen::add, gone::add);
        assertThat(seen).containsExactlyInAnyOrder(changed, added);
        assertThat(gone).isEmpty();
        seen.clear();
        base.diff(next, seen::add, gone::add);
        assertThat(seen).containsExactly(first.get(changed.address()));
        assertThat(gone).containsExactly(added);
        assertThat(next.with(Map.of())).isSameAs(next);
    }

    @Test
    void aStateMustBeKeyedByItsOwnAddressAndLineagesDoNotMix() {
        PoolState p = pair(1, 1);
        assertThatThrownBy(() -> PoolMap.copyOf(Map.of(pair(2, 1).address(), p)))
                .isInstanceOf(IllegalArgumentException.class);
        PoolMap a = PoolMap.copyOf(Map.of(p.address(), p));
        PoolMap b = PoolMap.copyOf(Map.of(p.address(), p));
        assertThat(a.sameLineage(b)).isFalse();
        assertThatThrownBy(() -> a.diff(b, x -> { }, x -> { })).isInstanceOf(IllegalArgumentException.class);
    }
}
