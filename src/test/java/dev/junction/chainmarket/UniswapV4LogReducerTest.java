package dev.junction.chainmarket;

import static dev.junction.chainmarket.LogReducerTest.word;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.PoolFacts;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.uniswapv4.UniswapV4;
import dev.junction.protocol.uniswapv4.UniswapV4State;
import java.io.File;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chain mode's V4 reducer on ABI-encoded PoolManager logs: every pool log comes from the one PoolManager and goes to
 * the pool its PoolId (topic1) names; {@code Initialize} of served tokens creates a pool; the topics and StateView calls
 * are those of the npm packages' ABIs.
 */
class UniswapV4LogReducerTest {

    static final Address T0 = LogReducerTest.T0;
    static final Address T1 = LogReducerTest.T1;
    static final Address OTHER = LogReducerTest.OTHER;
    static final Address MANAGER = Address.evm("0x8000000000000000000000000000000000000008");
    static final Address STATE_VIEW = Address.evm("0x9000000000000000000000000000000000000009");
    /** A hook with afterSwap only (bit 6): routable when allowlisted. */
    static final Address AFTER_SWAP_HOOK = Address.evm("0xa000000000000000000000000000000000000040");
    /** A hook with beforeSwap (bit 7): never routed. */
    static final Address BEFORE_SWAP_HOOK = Address.evm("0xb000000000000000000000000000000000000080");
    static final Dex V4 = new Dex("v4", "uniswap-v4", MANAGER, List.of(), List.of(), null, STATE_VIEW,
            List.of(AFTER_SWAP_HOOK, BEFORE_SWAP_HOOK), null, List.of(), null);
    static final LogReducer.Context CONTEXT = LogReducer.Context.of(List.of(V4), List.of(T0, T1));
    static final BigInteger Q96 = BigInteger.ONE.shiftLeft(96);

    static int index;

    static Bytes32 id(Address c0, Address c1, int fee, int spacing, Address hooks) {
        return Bytes32.of(Abi.keccak(Abi.encode(Abi.address(c0), Abi.address(c1), Abi.uint256(fee),
                Abi.int256(spacing), Abi.address(hooks))));
    }

    static Bytes32 topic(Address a) {
        return Bytes32.of("0x" + word(a));
    }

    static LogEntry log(List<Bytes32> topics, String... words) {
        return new LogEntry(MANAGER, topics, "0x" + String.join("", words), 10, LogReducerTest.block(0xaa), index++,
                false, null);
    }

    static LogEntry initialize(Address c0, Address c1, int fee, int spacing, Address hooks, BigInteger sqrt,
            int tick) {
        return log(List.of(UniswapV4.INITIALIZE, id(c0, c1, fee, spacing, hooks), topic(c0), topic(c1)), word(fee),
                word(spacing), word(hooks), word(sqrt), word(tick));
    }

    static LogEntry modify(Bytes32 id, int lower, int upper, long delta) {
        return log(List.of(UniswapV4.MODIFY_LIQUIDITY, id, topic(OTHER)), word(lower), word(upper), word(delta),
                word(0));
    }

    static LogEntry swap(Bytes32 id, BigInteger sqrt, long liquidity, int tick, int fee) {
        return log(List.of(UniswapV4.SWAP, id, topic(OTHER)), word(-5), word(7), word(sqrt), word(liquidity),
                word(tick), word(fee));
    }

    static Map<Address, PoolState> reduce(Map<Address, PoolState> before, LogEntry... logs) {
        return LogReducer.apply(before, List.of(logs), CONTEXT).pools();
    }

    static UniswapV4State pool(Map<Address, PoolState> pools, Bytes32 id) {
        return (UniswapV4State) pools.get(UniswapV4State.addressOf(id));
    }

    @Test
    void initializeOfServedTokensCreatesAPoolKeyedByItsPoolId() {
        Bytes32 id = id(T0, T1, 3000, 60, Address.ZERO);
        Map<Address, PoolState> pools = reduce(Map.of(), initialize(T0, T1, 3000, 60, Address.ZERO, Q96, 0));
        UniswapV4State p = pool(pools, id);
        assertThat(p.key().poolId()).isEqualTo(id);
        assertThat(p.sqrtPriceX96()).isEqualTo(Q96);
        assertThat(p.lpFee()).isEqualTo(3000);
        assertThat(p.fullWindow()).isTrue();
        assertThat(p.liquidity()).isZero();
        assertThat(p.address()).isEqualTo(Address.evm("0x" + id.value().substring(26)));
    }

    @Test
    void initializeOfUnservedTokensOrRefusedHooksCreatesNothing() {
        assertThat(reduce(Map.of(), initialize(T0, OTHER, 3000, 60, Address.ZERO, Q96, 0))).isEmpty();
        assertThat(reduce(Map.of(), initialize(T0, T1, 3000, 60, BEFORE_SWAP_HOOK, Q96, 0))).isEmpty();
        Address notAllowed = Address.evm("0xc000000000000000000000000000000000000040");
        assertThat(reduce(Map.of(), initialize(T0, T1, 3000, 60, notAllowed, Q96, 0))).isEmpty();
        assertThat(reduce(Map.of(), initialize(T0, T1, 3000, 60, AFTER_SWAP_HOOK, Q96, 0))).hasSize(1);
    }

    @Test
    void modifyLiquidityAndSwapFollowThePoolLikeThePoolManager() {
        Bytes32 id = id(T0, T1, 500, 10, Address.ZERO);
        Map<Address, PoolState> pools = reduce(Map.of(), initialize(T0, T1, 500, 10, Address.ZERO, Q96, 0),
                modify(id, -100, 100, 1_000), modify(id, 50, 200, 400), modify(id, -300, -200, 70));
        UniswapV4State p = pool(pools, id);
        assertThat(p.liquidity()).isEqualTo(1_000); // only [-100, 100) holds tick 0
        assertThat(p.ticks().keySet()).containsExactly(-300, -200, -100, 50, 100, 200);
        assertThat(p.ticks().get(100).net()).isEqualTo(-1_000);
        assertThat(p.ticks().get(50).net()).isEqualTo(400);
        BigInteger sqrt = TickMath.getSqrtRatioAtTick(60);
        pools = reduce(pools, swap(id, sqrt, 1_400, 60, 500));
        p = pool(pools, id);
        assertThat(p.sqrtPriceX96()).isEqualTo(sqrt);
        assertThat(p.tick()).isEqualTo(60);
        assertThat(p.liquidity()).isEqualTo(1_400);
        pools = reduce(pools, modify(id, 50, 200, -400)); // removing a range that holds tick 60
        p = pool(pools, id);
        assertThat(p.liquidity()).isEqualTo(1_000);
        assertThat(p.ticks()).doesNotContainKeys(50, 200);
        UniswapV4State before = p;
        pools = reduce(pools, log(List.of(UniswapV4.DONATE, id, topic(OTHER)), word(10), word(20)));
        assertThat(pool(pools, id)).isSameAs(before);
        pools = reduce(pools, modify(id, 0, 10, 0)); // a fee collection changes nothing
        assertThat(pool(pools, id)).isSameAs(before);
    }

    @Test
    void aLogOfAnotherPoolIdLeavesThePoolAlone() {
        Bytes32 id = id(T0, T1, 500, 10, Address.ZERO);
        Map<Address, PoolState> pools = reduce(Map.of(), initialize(T0, T1, 500, 10, Address.ZERO, Q96, 0));
        UniswapV4State before = pool(pools, id);
        Bytes32 other = id(T0, T1, 3000, 60, Address.ZERO);
        pools = reduce(pools, swap(other, Q96.add(BigInteger.TEN), 5, 0, 3000), modify(other, -60, 60, 9));
        assertThat(pool(pools, id)).isSameAs(before);
        assertThat(pools).hasSize(1);
    }

    @Test
    void aDynamicFeePoolTakesItsLpFeeFromSwapsAndIsReReadEachBlock() {
        int dynamic = UniswapV4Pool.DYNAMIC_FEE_FLAG;
        Bytes32 id = id(T0, T1, dynamic, 60, AFTER_SWAP_HOOK);
        Map<Address, PoolState> pools = reduce(Map.of(), initialize(T0, T1, dynamic, 60, AFTER_SWAP_HOOK, Q96, 0),
                modify(id, -600, 600, 10_000), swap(id, Q96, 10_000, 0, 4_321));
        UniswapV4State p = pool(pools, id);
        assertThat(p.lpFee()).isEqualTo(4_321);
        assertThat(p.rereadEachBlock(0)).isTrue();
        PoolFacts facts = p.facts(Map.of(T0, 18, T1, 18)).orElseThrow();
        UniswapV4Pool market = (UniswapV4Pool) facts.pool("v4", ChainId.of(1), 1);
        assertThat(market.dynamicFee()).isTrue();
        assertThat(market.curve().feePips()).isEqualTo(4_321);
        assertThat(market.hooks()).isEqualTo(AFTER_SWAP_HOOK);
        // with a protocol fee the Swap log's fee is the swap fee, not the LP fee: the LP fee stays
        pools = reduce(pools, log(List.of(UniswapV4State.PROTOCOL_FEE_UPDATED, id), word(100 | (200 << 12))),
                swap(id, Q96, 10_000, 0, 4_700));
        p = pool(pools, id);
        assertThat(p.protocolFee()).isEqualTo(100 | (200 << 12));
        assertThat(p.lpFee()).isEqualTo(4_321);
    }

    @Test
    void configuredKeysAreReadAtTheColdLoadAndAKeyReadUninitializedIsFollowedFromItsInitialize() {
        int dynamic = UniswapV4Pool.DYNAMIC_FEE_FLAG;
        Dex dex = new Dex("v4", "uniswap-v4", MANAGER, List.of(), List.of(), null, STATE_VIEW,
                List.of(AFTER_SWAP_HOOK), null, List.of(), null, List.of(
                        new ChainSettings.PoolKey(T0, T1, dynamic, 60, AFTER_SWAP_HOOK),
                        new ChainSettings.PoolKey(T0, T1, 2_500, 50, Address.ZERO),
                        new ChainSettings.PoolKey(Address.ZERO, T1, 500, 10, Address.ZERO)));
        List<PoolState> configured = Protocols.dex("uniswap-v4").configuredPools(dex);
        assertThat(configured).as("native ETH without a wrapped native token is left out").hasSize(2);
        assertThat(configured.stream().map(PoolState::address)).containsExactly(
                UniswapV4State.addressOf(id(T0, T1, dynamic, 60, AFTER_SWAP_HOOK)),
                UniswapV4State.addressOf(id(T0, T1, 2_500, 50, Address.ZERO)));
        Address weth = Address.evm("0x0000000000000000000000000000000000000001");
        assertThat(Protocols.dex("uniswap-v4").configuredPools(dex.withWrappedNative(weth))).hasSize(3)
                .last().satisfies(p -> assertThat(p.token0()).isEqualTo(weth));
        // Read before the pool is initialized: slot0 all zero, no bitmap words, no ticks.
        PoolState unread = configured.get(1);
        PoolRead read = unread.read(V4AndBalancerReorgTest.SETTINGS);
        assertThat(read.calls()).hasSize(2).allMatch(c -> c.target().equals(STATE_VIEW));
        PoolRead bitmap = read.answer(List.of(word(0) + word(0) + word(0) + word(0), word(0)));
        assertThat(bitmap.calls()).isEmpty();
        PoolRead ticks = bitmap.answer(List.of());
        PoolRead done = ticks.answer(List.of());
        assertThat(done.finished()).isTrue();
        UniswapV4State uninitialized = (UniswapV4State) done.state();
        assertThat(uninitialized.usable()).isFalse();
        Bytes32 id = id(T0, T1, 2_500, 50, Address.ZERO);
        Map<Address, PoolState> pools = reduce(Map.of(uninitialized.address(), uninitialized),
                initialize(T0, T1, 2_500, 50, Address.ZERO, Q96, 0), modify(id, -500, 500, 7_000));
        UniswapV4State followed = pool(pools, id);
        assertThat(followed.usable()).isTrue();
        assertThat(followed.fullWindow()).isTrue();
        assertThat(followed.liquidity()).isEqualTo(7_000);
        assertThat(followed.lpFee()).isEqualTo(2_500);
        assertThat(followed.ticks().keySet()).containsExactly(-500, 500);
        assertThat(followed.facts(Map.of(T0, 18, T1, 6))).isPresent();
        assertThat(followed.facts(Map.of(T0, 18))).as("a token not served").isEmpty();
        // An Initialize of a pool already followed changes nothing (the PoolManager initializes a pool once).
        assertThat(pool(reduce(pools, initialize(T0, T1, 2_500, 50, Address.ZERO, Q96.shiftLeft(1), 5)), id))
                .isSameAs(followed);
    }

    @Test
    void topicsAndStateViewCallsAreThoseOfTheNpmPackagesAbis() throws IOException {
        Set<Bytes32> fromAbi = events("contracts/node_modules/@uniswap/v4-core/out/PoolManager.sol/PoolManager.json",
                Set.of("Initialize", "ModifyLiquidity", "Swap", "Donate", "ProtocolFeeUpdated"));
        assertThat(Protocols.dex("uniswap-v4").topics()).containsExactlyInAnyOrderElementsOf(fromAbi);
        assertThat(LogReducer.TOPICS).containsAll(fromAbi);
        JsonNode abi = JsonMapper.builder().build().readTree(
                new File("contracts/node_modules/@uniswap/v4-periphery/foundry-out/StateView.sol/StateView.json"))
                .get("abi");
        Map<String, String> functions = new HashMap<>();
        for (JsonNode f : abi) {
            if ("function".equals(f.get("type").asText())) {
                functions.put(f.get("name").asText(), signature(f));
            }
        }
        assertThat(functions).containsEntry("getSlot0", "getSlot0(bytes32)")
                .containsEntry("getLiquidity", "getLiquidity(bytes32)")
                .containsEntry("getTickBitmap", "getTickBitmap(bytes32,int16)")
                .containsEntry("getTickLiquidity", "getTickLiquidity(bytes32,int24)");
        List<String> outputs = new ArrayList<>();
        for (JsonNode f : abi) {
            if ("getSlot0".equals(f.path("name").asText())) {
                f.get("outputs").forEach(o -> outputs.add(o.get("type").asText()));
            }
        }
        assertThat(outputs).containsExactly("uint160", "int24", "uint24", "uint24");
    }

    private static Set<Bytes32> events(String path, Set<String> names) throws IOException {
        JsonNode abi = JsonMapper.builder().build().readTree(new File(path)).get("abi");
        List<Bytes32> out = new ArrayList<>();
        for (JsonNode e : abi) {
            if ("event".equals(e.get("type").asText()) && names.contains(e.get("name").asText())) {
                out.add(Abi.topic(signature(e)));
            }
        }
        assertThat(out).hasSize(names.size());
        return Set.copyOf(out);
    }

    private static String signature(JsonNode f) {
        List<String> types = new ArrayList<>();
        f.get("inputs").forEach(i -> types.add(i.get("type").asText()));
        return f.get("name").asText() + types.stream().collect(Collectors.joining(",", "(", ")"));
    }
}
