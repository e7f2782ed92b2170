package dev.junction.protocol.uniswapv4;

import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.uint256;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.TickWindow;
import dev.junction.market.TickWindowEdges;
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
 * A V4 pool's loaded window in chain mode, widened as V3's ({@code UniswapV3WindowTest}) but read through the DEX's
 * StateView by PoolId: {@code getTickBitmap(id, word)} of the new words only, then {@code getTickLiquidity(id, tick)}
 * of the initialized ticks in them, merged with the ticks already known; slot0's fees are kept.
 */
class UniswapV4WindowTest {

    static final Address T0 = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address T1 = Address.evm("0x2000000000000000000000000000000000000002");
    static final Address MANAGER = Address.evm("0x8000000000000000000000000000000000000008");
    static final Address STATE_VIEW = Address.evm("0x9000000000000000000000000000000000000009");
    static final ChainSettings CHAIN = new ChainSettings(ChainId.of(31337), "Test", "test", "ETH",
            List.of(URI.create("http://127.0.0.1:1")), List.of(T0, T1), T1, List.of(T0),
            Map.of("v4", new ChainSettings.Dex("v4", "uniswap-v4", MANAGER, List.of(), List.of(), null, STATE_VIEW,
                    List.of(), null, List.of(), null)),
            Map.of(), null, ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1,
            Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(100), 4, Map.of());
    static final UniswapV4State.Key KEY = new UniswapV4State.Key("v4", UniswapV4State.Key.idOf(T0, T1, 100, 1,
            Address.ZERO), T0, T1, 100, 1, Address.ZERO, T0, T1, STATE_VIEW, List.of());
    static final BigInteger L = BigInteger.valueOf(1_000_000);

    static UniswapV4State loaded() {
        TickWindow w = TickWindow.around(0, 1, 4);
        return new UniswapV4State(KEY, TickMath.getSqrtRatioAtTick(0), 0, 7, 100, L,
                new TreeMap<>(Map.of(-100, new TickInfo(L, L), 100, new TickInfo(L, L.negate()))), w.low(),
                w.high(), TickWindowEdges.create());
    }

    static ContractCall lens(String signature, Abi.Value arg) {
        return new ContractCall(STATE_VIEW, Abi.callHex(signature, Abi.bytes32(KEY.poolId()), arg));
    }

    @Test
    void aReachedLowerEdgeReadsOnlyTheNextWordsBelowThroughStateViewAndMergesTheirTicks() {
        UniswapV4State pool = loaded();
        assertThat(pool.wantsWider()).isFalse();
        assertThat(pool.needsReload()).isFalse();
        pool.edges().reached(true);
        assertThat(pool.wantsWider()).isTrue();

        PoolRead bitmap = pool.readWider(CHAIN);
        List<Integer> asked = List.of(-16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5);
        assertThat(bitmap.calls()).containsExactlyElementsOf(
                asked.stream().map(w -> lens("getTickBitmap(bytes32,int16)", int256(w))).toList());
        assertThat(pool.wantsWider()).as("the edge is taken when the read starts").isFalse();
        List<String> answers = new ArrayList<>(Collections.nCopies(asked.size(), Abi.encodeHex(uint256(0))));
        answers.set(asked.indexOf(-10), Abi.encodeHex(uint256(BigInteger.ONE.shiftLeft(3))));
        PoolRead ticks = bitmap.answer(answers);
        assertThat(ticks.calls()).containsExactly(lens("getTickLiquidity(bytes32,int24)", int256(-10 * 256 + 3)));
        PoolRead done = ticks.answer(List.of(Abi.encodeHex(uint256(5), int256(-5))));
        assertThat(done.finished()).isTrue();
        UniswapV4State wider = (UniswapV4State) done.state();
        assertThat(wider.window()).isEqualTo(new TickWindow(-16 * 256, 4 * 256 + 255));
        assertThat(wider.ticks()).containsOnlyKeys(-2557, -100, 100);
        assertThat(wider.ticks().get(-2557)).isEqualTo(new TickInfo(BigInteger.valueOf(5), BigInteger.valueOf(-5)));
        assertThat(List.of(wider.sqrtPriceX96(), wider.liquidity())).containsExactly(pool.sqrtPriceX96(), L);
        assertThat(List.of(wider.protocolFee(), wider.lpFee())).containsExactly(7, 100);
        assertThat(wider.edges()).isSameAs(pool.edges());
        // A position added in the new words is now followed; before the widening its bounds stayed unknown.
        assertThat(wider.withPosition(-3000, -2000, L).ticks()).containsKeys(-3000, -2000);
        assertThat(pool.withPosition(-3000, -2000, L).ticks()).doesNotContainKeys(-3000, -2000);
    }

    @Test
    void theCurrentTickWithinOneWordOfAnEdgeAsksForAReload() {
        UniswapV4State pool = loaded();
        UniswapV4State near = new UniswapV4State(KEY, pool.sqrtPriceX96(), pool.windowLow() + 255, 0, 100, L,
                pool.ticks(), pool.windowLow(), pool.windowHigh(), pool.edges());
        assertThat(near.needsReload()).isTrue();
        UniswapV4State full = new UniswapV4State(KEY, pool.sqrtPriceX96(), TickMath.MIN_TICK + 1, 0, 100, L,
                pool.ticks(), TickMath.MIN_TICK, TickMath.MAX_TICK, pool.edges());
        assertThat(full.needsReload()).isFalse();
        pool.edges().reached(false);
        assertThat(full.wantsWider()).as("every tick known: nothing to widen").isFalse();
    }
}
