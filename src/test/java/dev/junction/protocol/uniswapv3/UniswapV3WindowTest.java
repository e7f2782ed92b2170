package dev.junction.protocol.uniswapv3;

import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.uint256;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.TickWindow;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.shared.TickBook.TickInfo;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A V3 pool's loaded window in chain mode: a quote reaching its edge makes the follower read only the next words of
 * that side (then their initialized ticks), merged with the ticks already known; a re-read shrinks the window back to
 * {@code tick-window-words}. The rounds are answered as a node answers them (ABI words).
 */
class UniswapV3WindowTest {

    static final Address POOL = Address.evm("0x3000000000000000000000000000000000000003");
    static final Address T0 = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address T1 = Address.evm("0x2000000000000000000000000000000000000002");
    static final ChainSettings CHAIN = new ChainSettings(ChainId.of(31337), "Test", "test", "ETH",
            List.of(URI.create("http://127.0.0.1:1")), List.of(T0, T1), T1, List.of(T0),
            Map.of("v3", new ChainSettings.Dex("v3", "uniswap-v3", T0, List.of(100), List.of(), Bytes32.ZERO)),
            Map.of(), null, ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1,
            Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(100), 4, Map.of());
    static final BigInteger L = BigInteger.valueOf(1_000_000);

    static UniswapV3State loaded() {
        TickWindow w = TickWindow.around(0, 1, 4);
        return new UniswapV3State("v3", POOL, T0, T1, 100, 1, TickMath.getSqrtRatioAtTick(0), 0, L,
                new TreeMap<>(Map.of(-100, new TickInfo(L, L),
                        100, new TickInfo(L, L.negate()))), w.low(), w.high());
    }

    static String words(Abi.Value... values) {
        return Abi.encodeHex(values);
    }

    /** The bitmap words asked in a round, in order. */
    static List<Integer> bitmapWords(PoolRead read) {
        List<Integer> out = new ArrayList<>();
        for (ContractCall c : read.calls()) {
            assertThat(c.target()).isEqualTo(POOL);
            assertThat(c.data()).startsWith(Abi.callHex("tickBitmap(int16)", int256(0)).substring(0, 10));
            out.add(new BigInteger(c.data().substring(10), 16).intValue());
        }
        return out;
    }

    @Test
    void aReachedLowerEdgeReadsOnlyTheNextWordsBelowAndMergesTheirTicks() {
        UniswapV3State pool = loaded();
        assertThat(pool.wantsWider()).isFalse();
        pool.edges().reached(true);
        assertThat(pool.wantsWider()).isTrue();

        PoolRead bitmap = pool.readWider(CHAIN);
        List<Integer> asked = bitmapWords(bitmap);
        assertThat(asked).containsExactly(-16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5);
        assertThat(pool.wantsWider()).as("the edge is taken when the read starts").isFalse();
        List<String> answers = new ArrayList<>(Collections.nCopies(asked.size(), words(uint256(0))));
        answers.set(asked.indexOf(-10), words(uint256(BigInteger.ONE.shiftLeft(3))));
        PoolRead ticks = bitmap.answer(answers);
        assertThat(ticks.calls()).containsExactly(
                new ContractCall(POOL, Abi.callHex("ticks(int24)", int256(-10 * 256 + 3))));
        PoolRead done = ticks.answer(List.of(words(uint256(5), int256(-5), uint256(0), uint256(0))));
        assertThat(done.finished()).isTrue();
        UniswapV3State wider = (UniswapV3State) done.state();
        assertThat(wider.window()).isEqualTo(new TickWindow(-16 * 256, 4 * 256 + 255));
        assertThat(wider.ticks()).containsOnlyKeys(-2557, -100, 100);
        assertThat(wider.ticks().get(-2557)).isEqualTo(new TickInfo(BigInteger.valueOf(5),
                BigInteger.valueOf(-5)));
        assertThat(wider.sqrtPriceX96()).isEqualTo(pool.sqrtPriceX96());
        assertThat(wider.liquidity()).isEqualTo(pool.liquidity());
        // The same record of edges: a quote that reaches the new edge asks for the next widening.
        assertThat(wider.edges()).isSameAs(pool.edges());
        // A position minted in the new words is now followed.
        UniswapV3State minted = wider.withPosition(-3000, -2000, L);
        assertThat(minted.ticks()).containsKeys(-3000, -2000);
        assertThat(pool.withPosition(-3000, -2000, L).ticks()).doesNotContainKeys(-3000, -2000);
    }

    @Test
    void bothEdgesReachedWidenBothSidesInOneRead() {
        UniswapV3State pool = loaded();
        pool.edges().reached(true);
        pool.edges().reached(false);
        List<Integer> asked = bitmapWords(pool.readWider(CHAIN));
        assertThat(asked).hasSize(24).contains(-16, -5, 5, 16).doesNotContain(-4, 0, 4);
    }

    @Test
    void aWindowAtItsBoundReadsNothing() {
        TickWindow max = TickWindow.of(-TickWindow.MAX_WORDS, TickWindow.MAX_WORDS, 1);
        UniswapV3State pool = new UniswapV3State("v3", POOL, T0, T1, 100, 1, TickMath.getSqrtRatioAtTick(0), 0, L,
                new TreeMap<>(), max.low(), max.high());
        pool.edges().reached(false);
        PoolRead read = pool.readWider(CHAIN);
        assertThat(read.finished()).isTrue();
        assertThat(read.state()).isSameAs(pool);
    }

    @Test
    void aReReadShrinksAWidenedWindowBackToTickWindowWords() {
        UniswapV3State pool = loaded();
        TickWindow widened = pool.window().widened(0, 1, true, true);
        UniswapV3State wide = new UniswapV3State("v3", POOL, T0, T1, 100, 1, pool.sqrtPriceX96(), 0, L, pool.ticks(),
                widened.low(), widened.high(), pool.edges());
        PoolRead first = wide.read(CHAIN);
        PoolRead bitmap = first.answer(List.of(words(uint256(TickMath.getSqrtRatioAtTick(7)), int256(7),
                uint256(0), uint256(0), uint256(0), uint256(0), uint256(1)), words(uint256(L)), words(int256(1))));
        assertThat(bitmapWords(bitmap)).containsExactly(-4, -3, -2, -1, 0, 1, 2, 3, 4);
        PoolRead ticks = bitmap.answer(Collections.nCopies(9, words(uint256(0))));
        UniswapV3State reread = (UniswapV3State) ticks.answer(List.of()).state();
        assertThat(reread.window()).isEqualTo(TickWindow.around(7, 1, 4));
        assertThat(reread.ticks()).isEmpty();
        assertThat(reread.edges()).isSameAs(pool.edges());
    }
}
