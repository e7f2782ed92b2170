package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.shared.TickBook.TickInfo;
import dev.junction.protocol.uniswapv2.UniswapV2State;
import dev.junction.protocol.uniswapv3.UniswapV3State;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The per-block reducers: pure functions from (pools, logs) to pools, as the pools' own code changes its state. */
class LogReducerTest {

    static final Address T0 = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address T1 = Address.evm("0x2000000000000000000000000000000000000002");
    static final Address OTHER = Address.evm("0x3000000000000000000000000000000000000003");
    static final Address POOL = Address.evm("0x4000000000000000000000000000000000000004");
    static final Address V2_FACTORY = Address.evm("0x5000000000000000000000000000000000000005");
    static final Address V3_FACTORY = Address.evm("0x6000000000000000000000000000000000000006");
    static final Address NEW_POOL = Address.evm("0x7000000000000000000000000000000000000007");

    static final LogReducer.Context CONTEXT = LogReducer.Context.of(List.of(
            new Dex("v2", "uniswap-v2", V2_FACTORY, List.of(), List.of(), Bytes32.ZERO),
            new Dex("v3", "uniswap-v3", V3_FACTORY, List.of(3000), List.of(), Bytes32.ZERO)),
            List.of(T0, T1));

    static final BigInteger Q96 = BigInteger.ONE.shiftLeft(96);
    static int index;

    static LogEntry log(Address address, List<Bytes32> topics, String... words) {
        return new LogEntry(address, topics, "0x" + String.join("", words), 10, block(0xaa), index++, false, null);
    }

    static Bytes32 t(long v) {
        return Bytes32.of("0x" + word(v));
    }

    static Bytes32 block(long hash) {
        return Bytes32.of(BigInteger.valueOf(hash));
    }
    /** One word of log data, 64 hex digits: an unsigned or two's complement integer. */
    static String word(long v) {
        return Abi.word(Abi.int256(v));
    }

    /** One word of log data, 64 hex digits: an unsigned or two's complement integer. */
    static String word(BigInteger v) {
        return v.signum() < 0 ? Abi.word(Abi.int256(v)) : Abi.word(Abi.uint256(v));
    }

    /** One word of log data, 64 hex digits: an address. */
    static String word(Address a) {
        return Abi.word(Abi.address(a));
    }


    static UniswapV3State v3(int windowLow, int windowHigh) {
        return new UniswapV3State("v3", POOL, T0, T1, 3000, 60, Q96, 0, BigInteger.valueOf(1000), new TreeMap<>(Map.of(
                -600, new TickInfo(BigInteger.valueOf(1000), BigInteger.valueOf(1000)),
                600, new TickInfo(BigInteger.valueOf(1000), BigInteger.valueOf(-1000)))), windowLow,
                windowHigh);
    }

    @Test
    void v2SyncSetsTheReserves() {
        UniswapV2State pair = new UniswapV2State("v2", POOL, T0, T1, BigInteger.ONE, BigInteger.ONE);
        LogReducer.Result r = LogReducer.apply(Map.of(POOL, pair),
                List.of(log(POOL, List.of(UniswapV2State.SYNC), word(500), word(700))), CONTEXT);
        UniswapV2State after = (UniswapV2State) r.pools().get(POOL);
        assertThat(after.reserve0()).isEqualTo(500);
        assertThat(after.reserve1()).isEqualTo(700);
    }

    @Test
    void mintInRangeAddsActiveLiquidityAndTicksBurnToZeroUninitializesThem() {
        UniswapV3State pool = v3(TickMath.MIN_TICK, TickMath.MAX_TICK);
        LogEntry mint = log(POOL, List.of(UniswapV3State.MINT, t(0), t(-120), t(120)), word(0), word(50),
                word(1), word(1));
        UniswapV3State minted = (UniswapV3State) LogReducer.apply(Map.of(POOL, pool), List.of(mint), CONTEXT).pools()
                .get(POOL);
        assertThat(minted.liquidity()).isEqualTo(1050);
        assertThat(minted.ticks().get(-120)).isEqualTo(new TickInfo(BigInteger.valueOf(50),
                BigInteger.valueOf(50)));
        assertThat(minted.ticks().get(120)).isEqualTo(new TickInfo(BigInteger.valueOf(50),
                BigInteger.valueOf(-50)));
        LogEntry burn = log(POOL, List.of(UniswapV3State.BURN, t(0), t(-120), t(120)), word(50), word(1),
                word(1));
        UniswapV3State burnt = (UniswapV3State) LogReducer.apply(Map.of(POOL, minted), List.of(burn), CONTEXT).pools()
                .get(POOL);
        assertThat(burnt.liquidity()).isEqualTo(1000);
        assertThat(burnt.ticks()).containsOnlyKeys(-600, 600);
    }

    @Test
    void aMintOutOfRangeLeavesActiveLiquidityAndATickWithZeroNetStaysInitialized() {
        UniswapV3State pool = v3(TickMath.MIN_TICK, TickMath.MAX_TICK);
        // Range [600, 1200): above the current tick; tick 600 gets +50 net on top of -1000.
        LogEntry mint = log(POOL, List.of(UniswapV3State.MINT, t(0), t(600), t(1200)), word(0), word(1000),
                word(1), word(1));
        UniswapV3State minted = (UniswapV3State) LogReducer.apply(Map.of(POOL, pool), List.of(mint), CONTEXT).pools()
                .get(POOL);
        assertThat(minted.liquidity()).isEqualTo(1000);
        assertThat(minted.ticks().get(600)).isEqualTo(new TickInfo(BigInteger.valueOf(2000),
                BigInteger.ZERO));
        ConcentratedPool market = (ConcentratedPool) ChainViewAccess.pool(minted);
        assertThat(market.liquidityNet()).containsKey(600);
    }

    @Test
    void aSwapSetsPriceTickAndLiquidityAndNearTheWindowEdgeAsksForAReload() {
        UniswapV3State pool = v3(-15_360, 15_359);
        BigInteger price = TickMath.getSqrtRatioAtTick(-15_000);
        LogEntry swap = log(POOL, List.of(UniswapV3State.SWAP, t(0), t(0)), word(1), word(BigInteger.ONE.negate()),
                word(price), word(777), word(BigInteger.valueOf(-15_000)));
        LogReducer.Result r = LogReducer.apply(Map.of(POOL, pool), List.of(swap), CONTEXT);
        UniswapV3State after = (UniswapV3State) r.pools().get(POOL);
        assertThat(after.sqrtPriceX96()).isEqualTo(price);
        assertThat(after.tick()).isEqualTo(-15_000);
        assertThat(after.liquidity()).isEqualTo(777);
        assertThat(r.reload()).containsExactly(POOL);
    }

    @Test
    void aPositionEdgeOutsideTheLoadedWindowIsNotInvented() {
        UniswapV3State pool = v3(-15_360, 15_359);
        LogEntry mint = log(POOL, List.of(UniswapV3State.MINT, t(0), t(-120), t(60_000)), word(0), word(5),
                word(1), word(1));
        UniswapV3State minted = (UniswapV3State) LogReducer.apply(Map.of(POOL, pool), List.of(mint), CONTEXT).pools()
                .get(POOL);
        assertThat(minted.ticks()).containsKey(-120).doesNotContainKey(60_000);
        assertThat(minted.liquidity()).isEqualTo(1005);
    }

    @Test
    void factoriesAddPoolsBetweenServedTokensOnlyAndTheFollowingLogsFillThem() {
        LogEntry created = log(V3_FACTORY, List.of(UniswapV3State.POOL_CREATED, t0(T0), t0(T1), t(3000)), word(60),
                word(NEW_POOL));
        LogEntry foreign = log(V3_FACTORY, List.of(UniswapV3State.POOL_CREATED, t0(T0), t0(OTHER), t(3000)),
                word(60), word(POOL));
        LogEntry init = log(NEW_POOL, List.of(UniswapV3State.INITIALIZE), word(Q96), word(0));
        LogEntry mint = log(NEW_POOL, List.of(UniswapV3State.MINT, t(0), t(-60), t(60)), word(0), word(9),
                word(1), word(1));
        LogEntry pair = log(V2_FACTORY, List.of(UniswapV2State.PAIR_CREATED, t0(T0), t0(T1)), word(POOL),
                word(1));
        LogEntry sync = log(POOL, List.of(UniswapV2State.SYNC), word(3), word(4));
        Map<Address, PoolState> pools = LogReducer.apply(Map.of(), List.of(created, foreign, init, mint, pair, sync),
                CONTEXT).pools();
        assertThat(pools).containsOnlyKeys(NEW_POOL, POOL);
        UniswapV3State fresh = (UniswapV3State) pools.get(NEW_POOL);
        assertThat(fresh.usable()).isTrue();
        assertThat(fresh.fullWindow()).isTrue();
        assertThat(fresh.liquidity()).isEqualTo(9);
        assertThat(((UniswapV2State) pools.get(POOL)).reserve1()).isEqualTo(4);
    }

    @Test
    void logsApplyInBlockAndLogIndexOrderAndRemovedLogsAreIgnored() {
        UniswapV2State pair = new UniswapV2State("v2", POOL, T0, T1, BigInteger.ONE, BigInteger.ONE);
        LogEntry later = new LogEntry(POOL, List.of(UniswapV2State.SYNC), "0x" + word(9) + word(9), 11, block(0xb), 0,
                false, null);
        LogEntry earlier = new LogEntry(POOL, List.of(UniswapV2State.SYNC), "0x" + word(5) + word(5), 10, block(0xa),
                3, false, null);
        LogEntry removed = new LogEntry(POOL, List.of(UniswapV2State.SYNC), "0x" + word(1) + word(1), 12, block(0xc),
                0, true, null);
        UniswapV2State after = (UniswapV2State) LogReducer.apply(Map.of(POOL, pair), List.of(later, earlier, removed),
                CONTEXT).pools().get(POOL);
        assertThat(after.reserve0()).isEqualTo(9);
    }

    static Bytes32 t0(Address a) {
        return Bytes32.of("0x" + word(a));
    }
}
