package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.math.TickMath;
import java.math.BigInteger;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The known tick window's geometry: whole bitmap words around the price, widened on the side quotes reached (four
 * times as far each time, bounded, clamped to the tick range), and the edges a refused quote records.
 */
class TickWindowTest {

    static final Address A = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address B = Address.evm("0x2000000000000000000000000000000000000002");
    static final BigInteger L = new BigInteger("1000000000000000000");

    @Test
    void aroundTakesWholeWordsEachSideOfTheCurrentOne() {
        // spacing 10: a word is 2,560 ticks; tick 100 is in word 0; tick -1 in word -1.
        assertThat(TickWindow.around(100, 10, 4)).isEqualTo(new TickWindow(-4 * 2560, 5 * 2560 - 10));
        assertThat(TickWindow.around(-1, 10, 0)).isEqualTo(new TickWindow(-2560, -10));
        assertThat(TickWindow.around(0, 200, 64)).isEqualTo(TickWindow.full());
        assertThat(TickWindow.around(100, 10, 4).lowWord(10)).isEqualTo(-4);
        assertThat(TickWindow.around(100, 10, 4).highWord(10)).isEqualTo(4);
    }

    @Test
    void wideningGrowsOnlyTheAskedSideFourTimesAsFar() {
        TickWindow w = TickWindow.around(0, 1, 4);
        TickWindow below = w.widened(0, 1, true, false);
        assertThat(below.lowWord(1)).isEqualTo(-16);
        assertThat(below.highWord(1)).isEqualTo(4);
        TickWindow both = below.widened(0, 1, true, true);
        assertThat(both.lowWord(1)).isEqualTo(-64);
        assertThat(both.highWord(1)).isEqualTo(16);
        assertThat(w.widened(0, 1, false, false)).isSameAs(w);
    }

    @Test
    void aWindowOfNoWordsGrowsByAtLeastOne() {
        TickWindow w = TickWindow.around(0, 1, 0);
        assertThat(w.widened(0, 1, false, true).highWord(1)).isEqualTo(1);
    }

    @Test
    void wideningIsMeasuredFromTheCurrentTickNotTheOldCentre() {
        // The price moved to word 3 of a window loaded around word 0: above reaches 4 - 3 = 1 word, then 4.
        TickWindow w = TickWindow.around(0, 1, 4);
        TickWindow next = w.widened(3 * 256, 1, false, true);
        assertThat(next.highWord(1)).isEqualTo(7);
        assertThat(next.lowWord(1)).isEqualTo(-4);
    }

    @Test
    void wideningStopsAtTheBoundAndAtTheTickRange() {
        TickWindow w = TickWindow.around(0, 1, 4);
        for (int i = 0; i < 10; i++) {
            w = w.widened(0, 1, true, true);
        }
        assertThat(w.lowWord(1)).isEqualTo(-TickWindow.MAX_WORDS);
        assertThat(w.highWord(1)).isEqualTo(TickWindow.MAX_WORDS);
        assertThat(w.canWiden(0, 1, true)).isFalse();
        assertThat(w.widened(0, 1, true, true)).isSameAs(w);
        // Spacing 60: 256 words each side cover the whole tick range.
        TickWindow coarse = TickWindow.around(0, 60, 4).widened(0, 60, true, true).widened(0, 60, true, true)
                .widened(0, 60, true, true);
        assertThat(coarse).isEqualTo(TickWindow.full());
        assertThat(coarse.isFull()).isTrue();
        assertThat(coarse.canWiden(0, 60, false)).isFalse();
    }

    @Test
    void aRefusedQuoteRecordsTheEdgeItReachedAndAnExactOneRecordsNothing() {
        TickWindowEdges edges = TickWindowEdges.create();
        TreeMap<Integer, BigInteger> net = new TreeMap<>(Map.of(-600, L, 600, L.negate()));
        ConcentratedPool pool = new ConcentratedPool("p", ChainId.of(1), "v3", A, B, 3000, 60,
                TickMath.getSqrtRatioAtTick(0), 0, L, net, 0, -15_360, 15_359, edges);
        assertThat(pool.quote(A, B, new BigInteger("1000000000000000")).amountOut()).isPositive();
        assertThat(edges.pending()).isFalse();
        BigInteger huge = L.multiply(BigInteger.valueOf(1_000));
        assertThat(pool.quote(A, B, huge).amountOut()).isZero();
        assertThat(edges.pending()).isTrue();
        assertThat(edges.take()).isEqualTo(new TickWindowEdges.Sides(true, false));
        assertThat(edges.pending()).isFalse();
        assertThat(pool.quote(B, A, huge).amountOut()).isZero();
        assertThat(pool.afterSwap(A, B, BigInteger.ONE).quote(B, A, huge).amountOut()).isZero();
        assertThat(edges.take()).isEqualTo(new TickWindowEdges.Sides(false, true));
        TickWindowEdges.NONE.reached(true);
        assertThat(TickWindowEdges.NONE.pending()).isFalse();
    }
}
