package dev.junction.chainmarket;

import static dev.junction.chainmarket.LogReducerTest.log;
import static dev.junction.chainmarket.LogReducerTest.word;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.WeightedPool;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.balancerv2.BalancerV2State;
import dev.junction.protocol.balancerv2.BalancerV2State.Kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Balancer V2 in chain mode's reducer: the Vault's logs reach the pool their topic1 (the pool id) names, and move its
 * balances as the Vault does; the pool's own events and a factory's new pool mark it to be read.
 */
class BalancerV2LogReducerTest {

    static final Address T0 = LogReducerTest.T0;
    static final Address T1 = LogReducerTest.T1;
    static final Address VAULT = Address.evm("0xBA12222222228d8Ba445958a75a0704d566BF2C8");
    static final Address POOL = Address.evm("0x4000000000000000000000000000000000000004");
    static final Address FACTORY = Address.evm("0x8000000000000000000000000000000000000008");
    static final Address NEW_POOL = Address.evm("0x9000000000000000000000000000000000000009");
    /** The pool's address, specialization 2 (two-token) and nonce 7. */
    static final Bytes32 POOL_ID = Bytes32.of("0x" + POOL.value().substring(2).toLowerCase() + "0002"
            + "00000000000000000007");
    static final BigInteger E18 = BigInteger.TEN.pow(18);
    static final LogReducer.Context CONTEXT = LogReducer.Context.of(List.of(new Dex("bal", "balancer-v2", null,
            List.of(), List.of(POOL), null, null, List.of(), VAULT, List.of(FACTORY), null)), List.of(T0, T1));

    static BalancerV2State weighted(long b0, long b1) {
        return new BalancerV2State("bal", POOL, VAULT, Kind.WEIGHTED, POOL_ID, List.of(T0, T1),
                List.of(BigInteger.valueOf(b0), BigInteger.valueOf(b1)), List.of(E18, E18),
                List.of(E18.divide(BigInteger.TWO), E18.divide(BigInteger.TWO)), BigInteger.ZERO, false,
                BigInteger.valueOf(3).multiply(BigInteger.TEN.pow(15)), -1);
    }

    static Bytes32 topic(Address a) {
        return Bytes32.of("0x" + word(a));
    }

    static LogEntry swap(Address emitter, Bytes32 poolId, Address in, Address out, long amountIn, long amountOut) {
        return log(emitter, List.of(BalancerV2State.SWAP, poolId, topic(in), topic(out)), word(amountIn),
                word(amountOut));
    }

    /** {@code PoolBalanceChanged}'s data: {@code abi.encode(address[] tokens, int256[] deltas, uint256[] fees)}. */
    static LogEntry balanceChanged(List<Address> tokens, List<Long> deltas, List<Long> fees) {
        int n = tokens.size();
        List<String> words = new ArrayList<>();
        words.add(word(96));
        words.add(word(96 + 32 * (n + 1)));
        words.add(word(96 + 64 * (n + 1)));
        words.add(word(n));
        tokens.forEach(t -> words.add(word(t)));
        words.add(word(n));
        deltas.forEach(d -> words.add(word(d)));
        words.add(word(n));
        fees.forEach(f -> words.add(word(f)));
        return log(VAULT, List.of(BalancerV2State.POOL_BALANCE_CHANGED, POOL_ID, topic(T0)),
                words.toArray(String[]::new));
    }

    static BalancerV2State after(PoolState before, LogEntry... logs) {
        return (BalancerV2State) LogReducer.apply(Map.of(POOL, before), List.of(logs), CONTEXT).pools().get(POOL);
    }

    @Test
    void aVaultSwapAddsTheWholeAmountInAndTakesTheAmountOut() {
        BalancerV2State after = after(weighted(1_000_000, 2_000_000), swap(VAULT, POOL_ID, T0, T1, 10_000, 19_500));
        assertThat(after.balances()).containsExactly(BigInteger.valueOf(1_010_000), BigInteger.valueOf(1_980_500));
        BalancerV2State back = after(after, swap(VAULT, POOL_ID, T1, T0, 19_500, 9_900));
        assertThat(back.balances()).containsExactly(BigInteger.valueOf(1_000_100), BigInteger.valueOf(2_000_000));
    }

    @Test
    void aSwapOfAnotherPoolOrFromAnotherAddressChangesNothing() {
        BalancerV2State pool = weighted(1_000_000, 2_000_000);
        Bytes32 otherNonce = Bytes32.of(POOL_ID.value().substring(0, 65) + "8");
        assertThat(after(pool, swap(VAULT, otherNonce, T0, T1, 10, 10))).isEqualTo(pool);
        assertThat(after(pool, swap(LogReducerTest.OTHER, POOL_ID, T0, T1, 10, 10))).isEqualTo(pool);
        assertThat(after(pool, swap(VAULT, POOL_ID, T0, LogReducerTest.OTHER, 10, 10))).isEqualTo(pool);
    }

    @Test
    void aBalanceChangeAddsTheDeltasLessTheProtocolFees() {
        BalancerV2State join = after(weighted(1_000_000, 2_000_000),
                balanceChanged(List.of(T0, T1), List.of(500L, 1_000L), List.of(3L, 0L)));
        assertThat(join.balances()).containsExactly(BigInteger.valueOf(1_000_497), BigInteger.valueOf(2_001_000));
        BalancerV2State exit = after(join, balanceChanged(List.of(T0, T1), List.of(-497L, -1_000L), List.of(0L, 2L)));
        assertThat(exit.balances()).containsExactly(BigInteger.valueOf(1_000_000), BigInteger.valueOf(1_999_998));
    }

    @Test
    void theComposableStablePoolsBptMovesWithItsDeltasButIsNoSwapToken() {
        Address bpt = POOL;
        BalancerV2State pool = new BalancerV2State("bal", POOL, VAULT, Kind.COMPOSABLE_STABLE, POOL_ID,
                List.of(T0, bpt, T1), List.of(BigInteger.valueOf(1_000_000), BigInteger.valueOf(5_000_000),
                        BigInteger.valueOf(1_000_000)), List.of(E18, E18, E18), List.of(),
                BigInteger.valueOf(200_000), false, BigInteger.TEN.pow(14), 1);
        BalancerV2State joined = after(pool, swap(VAULT, POOL_ID, T0, bpt, 1_000, 990));
        assertThat(joined.balances()).containsExactly(BigInteger.valueOf(1_001_000), BigInteger.valueOf(4_999_010),
                BigInteger.valueOf(1_000_000));
        assertThat(joined.swapTokens()).containsExactly(T0, T1);
        assertThat(joined.token0()).isEqualTo(T0);
        assertThat(joined.token1()).isEqualTo(T1);
        ComposableStablePool market = (ComposableStablePool) joined.facts(Map.of(T0, 18, T1, 18)).orElseThrow()
                .pool("bal:" + POOL, ChainId.of(1), 1);
        assertThat(market.tokens()).containsExactly(T0, T1);
        assertThat(market.balances()).containsExactly(BigInteger.valueOf(1_001_000), BigInteger.valueOf(1_000_000));
        assertThat(market.amplification()).isEqualTo(200_000);
    }

    @Test
    void thePoolsOwnEventsReReadIt() {
        BalancerV2State pool = weighted(1_000, 1_000);
        for (Bytes32 event : List.of(BalancerV2State.SWAP_FEE_CHANGED, BalancerV2State.TOKEN_RATE_CACHE_UPDATED,
                BalancerV2State.AMP_UPDATE_STOPPED)) {
            LogReducer.Result r = LogReducer.apply(Map.of(POOL, pool), List.of(log(POOL, List.of(event), word(1))),
                    CONTEXT);
            assertThat(r.reload()).as(event.value()).containsExactly(POOL);
        }
        LogReducer.Result other = LogReducer.apply(Map.of(POOL, pool),
                List.of(log(LogReducerTest.OTHER, List.of(BalancerV2State.SWAP_FEE_CHANGED), word(1))), CONTEXT);
        assertThat(other.reload()).isEmpty();
        LogReducer.Result swap = LogReducer.apply(Map.of(POOL, pool),
                List.of(swap(VAULT, POOL_ID, T0, T1, 10, 9)), CONTEXT);
        assertThat(swap.reload()).as("a swap is reduced, not re-read").isEmpty();
    }

    @Test
    void aRampingAmplificationIsReReadEachBlock() {
        BalancerV2State ramping = new BalancerV2State("bal", POOL, VAULT, Kind.COMPOSABLE_STABLE, POOL_ID,
                List.of(T0, T1), List.of(BigInteger.ONE, BigInteger.ONE), List.of(E18, E18), List.of(),
                BigInteger.valueOf(200_000), true, BigInteger.TEN.pow(14), -1);
        assertThat(ramping.rereadEachBlock(1)).isTrue();
        assertThat(weighted(1, 1).rereadEachBlock(1)).isFalse();
    }

    @Test
    void aConfiguredFactorysNewPoolIsReadAtTheRangesEnd() {
        LogEntry created = log(FACTORY, List.of(BalancerV2State.POOL_CREATED, topic(NEW_POOL)));
        LogReducer.Result r = LogReducer.apply(Map.of(), List.of(created), CONTEXT);
        assertThat(r.pools().get(NEW_POOL)).isEqualTo(BalancerV2State.unread("bal", NEW_POOL, VAULT));
        assertThat(r.reload()).containsExactly(NEW_POOL);
        LogEntry elsewhere = log(LogReducerTest.OTHER, List.of(BalancerV2State.POOL_CREATED, topic(NEW_POOL)));
        assertThat(LogReducer.apply(Map.of(), List.of(elsewhere), CONTEXT).pools()).isEmpty();
    }

    @Test
    void theReadTellsTheKindByTheGettersThePoolAnswers() {
        PoolRead read = BalancerV2State.unread("bal", POOL, VAULT).read(null);
        assertThat(read.calls()).hasSize(6).allMatch(c -> c.target().equals(POOL));
        String weights = Abi.encodeHex(Abi.uint256Array(List.of(E18.divide(BigInteger.TWO),
                E18.divide(BigInteger.TWO))));
        String factors = Abi.encodeHex(Abi.uint256Array(List.of(E18, E18.multiply(BigInteger.TEN.pow(12)))));
        PoolRead vault = read.answer(Arrays.asList(Abi.encodeHex(Abi.bytes32(POOL_ID)),
                Abi.encodeHex(Abi.uint256(3_000_000_000_000_000L)), weights, null, factors, null));
        assertThat(vault.calls()).singleElement().satisfies(c -> {
            assertThat(c.target()).isEqualTo(VAULT);
            assertThat(c.data()).isEqualTo(Abi.callHex("getPoolTokens(bytes32)", Abi.bytes32(POOL_ID)));
        });
        PoolRead done = vault.answer(List.of(Abi.encodeHex(Abi.addressArray(List.of(T0, T1)),
                Abi.uint256Array(List.of(BigInteger.valueOf(5_000), BigInteger.valueOf(7_000))), Abi.uint256(99))));
        assertThat(done.finished()).isTrue();
        BalancerV2State state = (BalancerV2State) done.state();
        assertThat(state.kind()).isEqualTo(Kind.WEIGHTED);
        assertThat(state.tokens()).containsExactly(T0, T1);
        assertThat(state.balances()).containsExactly(BigInteger.valueOf(5_000), BigInteger.valueOf(7_000));
        WeightedPool market = (WeightedPool) state.facts(Map.of(T0, 18, T1, 6)).orElseThrow()
                .pool("bal:" + POOL, ChainId.of(1), 1);
        assertThat(market.poolId()).isEqualTo(POOL_ID);
        assertThat(market.swapFeePercentage()).isEqualTo(3_000_000_000_000_000L);
        assertThat(state.facts(Map.of(T0, 18))).as("a token not served").isEmpty();
    }
}
