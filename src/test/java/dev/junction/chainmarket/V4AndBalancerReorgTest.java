package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.balancerv2.BalancerV2State;
import dev.junction.protocol.uniswapv4.UniswapV4State;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A reorg over V4 and Balancer pools, as the follower handles one (its kept block states, the common ancestor fed
 * again, the other fork's logs applied on it): the pools are exactly those of the other fork applied alone (a pool
 * one fork initialized or created is gone, the swaps and joins of the dropped blocks undone) and the incremental view
 * equals a full rebuild. Pools a log created are re-read each block as configured ones while they ask it (a ramping
 * Balancer pool, a dynamic-fee V4 pool).
 */
class V4AndBalancerReorgTest {

    static final Address T0 = LogReducerTest.T0;
    static final Address T1 = LogReducerTest.T1;
    static final Address MANAGER = UniswapV4LogReducerTest.MANAGER;
    static final Address VAULT = BalancerV2LogReducerTest.VAULT;
    static final Address POOL = BalancerV2LogReducerTest.POOL;
    static final Bytes32 POOL_ID = BalancerV2LogReducerTest.POOL_ID;
    /** Balancer's pool factory (not the V4 tests' PoolManager address). */
    static final Address FACTORY = Address.evm("0xf00000000000000000000000000000000000000f");
    static final Address NEW_POOL = BalancerV2LogReducerTest.NEW_POOL;
    static final Dex V4 = new Dex("v4", "uniswap-v4", MANAGER, List.of(), List.of(), null,
            UniswapV4LogReducerTest.STATE_VIEW, List.of(UniswapV4LogReducerTest.AFTER_SWAP_HOOK), null, List.of(),
            null);
    static final Dex BAL = new Dex("bal", "balancer-v2", null, List.of(), List.of(POOL), null, null, List.of(),
            VAULT, List.of(FACTORY), null);
    static final ChainSettings SETTINGS = new ChainSettings(ChainId.of(31337), "Test", "test", "ETH",
            List.of(URI.create("http://127.0.0.1:1")), List.of(T0, T1), T1, List.of(T0),
            Map.of("v4", V4, "bal", BAL), Map.of(), null, ChainSettings.CANONICAL_PERMIT2,
            ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1), Duration.ofSeconds(3),
            Duration.ofMillis(100), 4, Map.of());
    static final LogReducer.Context CONTEXT = LogReducer.Context.of(SETTINGS.dexes().values(), List.of(T0, T1));
    static final List<TokenInfo> INFOS = List.of(new TokenInfo(T0, 18, "T0", "Token 0"),
            new TokenInfo(T1, 6, "T1", "Token 1"));
    static final BigInteger Q96 = BigInteger.ONE.shiftLeft(96);
    static final Bytes32 V4_ID = UniswapV4LogReducerTest.id(T0, T1, 3000, 60, Address.ZERO);
    static final Bytes32 V4_NEW_ID = UniswapV4LogReducerTest.id(T0, T1, 500, 10, Address.ZERO);

    /** Block {@code n} of fork {@code fork}: its hash. */
    static Bytes32 hash(long n, int fork) {
        return Bytes32.of(BigInteger.valueOf(n * 16 + fork));
    }

    /** The logs at block {@code n} of fork {@code fork}, as the node answers them. */
    static List<LogEntry> at(long n, int fork, LogEntry... logs) {
        List<LogEntry> out = new ArrayList<>();
        for (LogEntry l : logs) {
            out.add(new LogEntry(l.address(), l.topics(), l.data(), n, hash(n, fork), l.logIndex(), false, null));
        }
        return out;
    }

    static ChainState next(ChainState parent, int fork, List<LogEntry> logs) {
        long n = parent.block() + 1;
        return new ChainState(n, hash(n, fork), parent.hash(), n * 12, BigInteger.ONE,
                LogReducer.apply(parent.pools(), logs, CONTEXT).pools());
    }

    static ChainState ancestor() {
        Map<Address, PoolState> pools = UniswapV4LogReducerTest.reduce(Map.of(),
                UniswapV4LogReducerTest.initialize(T0, T1, 3000, 60, Address.ZERO, Q96, 0),
                UniswapV4LogReducerTest.modify(V4_ID, -600, 600, 10_000_000_000L));
        Map<Address, PoolState> all = new HashMap<>(pools);
        all.put(POOL, BalancerV2LogReducerTest.weighted(1_000_000_000, 2_000_000_000));
        return new ChainState(10, hash(10, 0), hash(9, 0), 120, BigInteger.ONE, all);
    }

    @Test
    void aReorgLeavesTheOtherForksV4AndBalancerPoolsExactly() {
        ChainState common = ancestor();
        Map<Address, PoolState> untouched = Map.copyOf(common.pools());
        ChainView view = new ChainView(SETTINGS, INFOS);
        assertThat(view.part(common, BigInteger.ONE)).isEqualTo(ChainView.of(SETTINGS, INFOS, common, BigInteger.ONE));
        // Fork A: a V4 swap and a new V4 pool, a Balancer swap and a pool from the factory; then more liquidity.
        ChainState a1 = next(common, 1, at(11, 1,
                UniswapV4LogReducerTest.swap(V4_ID, TickMath.getSqrtRatioAtTick(120), 10_000_000_000L, 120, 3000),
                UniswapV4LogReducerTest.initialize(T0, T1, 500, 10, Address.ZERO, Q96, 0),
                BalancerV2LogReducerTest.swap(VAULT, POOL_ID, T0, T1, 50_000_000, 90_000_000),
                LogReducerTest.log(FACTORY, List.of(BalancerV2State.POOL_CREATED,
                        BalancerV2LogReducerTest.topic(NEW_POOL)))));
        ChainState a2 = next(a1, 1, at(12, 1, UniswapV4LogReducerTest.modify(V4_NEW_ID, -100, 100, 5_000_000),
                UniswapV4LogReducerTest.modify(V4_ID, -60, 60, 3_000_000)));
        assertThat(view.part(a1, BigInteger.ONE)).isEqualTo(ChainView.of(SETTINGS, INFOS, a1, BigInteger.ONE));
        assertThat(view.part(a2, BigInteger.ONE)).isEqualTo(ChainView.of(SETTINGS, INFOS, a2, BigInteger.ONE));
        assertThat(a2.pools()).containsKeys(UniswapV4State.addressOf(V4_NEW_ID), NEW_POOL);
        assertThat(common.pools()).as("the kept ancestor is not changed by the fork applied on it")
                .isEqualTo(untouched);

        // The node's fork B replaces blocks 11 and 12: the follower goes back to the common ancestor, publishes it and
        // applies B's logs on it.
        assertThat(view.part(common, BigInteger.ONE)).isEqualTo(ChainView.of(SETTINGS, INFOS, common, BigInteger.ONE));
        LogEntry otherSwap = UniswapV4LogReducerTest.swap(V4_ID, TickMath.getSqrtRatioAtTick(-60), 10_000_000_000L,
                -60, 3000);
        LogEntry join = BalancerV2LogReducerTest.balanceChanged(List.of(T0, T1), List.of(7_000L, 11_000L),
                List.of(0L, 1L));
        ChainState b1 = next(common, 2, at(11, 2, otherSwap, join));
        ChainState b2 = next(b1, 2, at(12, 2));
        ChainState b3 = next(b2, 2, at(13, 2, BalancerV2LogReducerTest.swap(VAULT, POOL_ID, T1, T0, 4_000, 1_999)));
        assertThat(view.part(b3, BigInteger.ONE)).isEqualTo(ChainView.of(SETTINGS, INFOS, b3, BigInteger.ONE));

        // Exactly fork B from the ancestor as first kept, never having seen fork A.
        ChainState fresh = ancestor();
        Map<Address, PoolState> onlyB = LogReducer.apply(LogReducer.apply(fresh.pools(),
                at(11, 2, otherSwap, join), CONTEXT).pools(), at(13, 2,
                BalancerV2LogReducerTest.swap(VAULT, POOL_ID, T1, T0, 4_000, 1_999)), CONTEXT).pools();
        assertThat(b3.pools()).isEqualTo(onlyB);
        assertThat(b3.pools()).doesNotContainKeys(UniswapV4State.addressOf(V4_NEW_ID), NEW_POOL);
        UniswapV4State v4 = (UniswapV4State) b3.pools().get(UniswapV4State.addressOf(V4_ID));
        assertThat(v4.tick()).isEqualTo(-60);
        assertThat(v4.ticks().keySet()).as("fork A's position is gone").containsExactly(-600, 600);
        BalancerV2State bal = (BalancerV2State) b3.pools().get(POOL);
        assertThat(bal.balances()).containsExactly(BigInteger.valueOf(1_000_005_001),
                BigInteger.valueOf(2_000_014_999));
    }

    @Test
    void poolsCreatedByLogsAreReReadEachBlockWhileTheyAskItAsConfiguredOnes() {
        int dynamic = UniswapV4Pool.DYNAMIC_FEE_FLAG;
        Address hook = UniswapV4LogReducerTest.AFTER_SWAP_HOOK;
        Bytes32 dynamicId = UniswapV4LogReducerTest.id(T0, T1, dynamic, 60, hook);
        Map<Address, PoolState> pools = new HashMap<>(LogReducer.apply(ancestor().pools(), at(11, 0,
                UniswapV4LogReducerTest.initialize(T0, T1, dynamic, 60, hook, Q96, 0),
                LogReducerTest.log(FACTORY, List.of(BalancerV2State.POOL_CREATED,
                        BalancerV2LogReducerTest.topic(NEW_POOL)))), CONTEXT).pools());
        // The created Balancer pool as its read at the range's end found it: a composable stable pool that ramps.
        pools.put(NEW_POOL, new BalancerV2State("bal", NEW_POOL, VAULT, BalancerV2State.Kind.COMPOSABLE_STABLE,
                Bytes32.of("0x" + NEW_POOL.value().substring(2).toLowerCase() + "0000" + "00000000000000000009"),
                List.of(T0, T1), List.of(BigInteger.TEN, BigInteger.TEN), List.of(BigInteger.ONE, BigInteger.ONE),
                List.of(), BigInteger.valueOf(200_000), true, BigInteger.TEN.pow(14), -1));
        assertThat(BAL.pools()).doesNotContain(NEW_POOL);
        assertThat(ChainFollower.rereadEachBlock(pools, 132)).containsExactlyInAnyOrder(NEW_POOL,
                UniswapV4State.addressOf(dynamicId));
        assertThat(ChainFollower.rereadEachBlock(ancestor().pools(), 132)).isEmpty();
    }
}
