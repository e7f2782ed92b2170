package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.Pool;
import dev.junction.market.WeightedPool;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Balancer V2's math against the real bytecode: {@code market/balancer-v2-vectors.json} holds pool states read from
 * weighted and composable stable pools deployed from {@code @balancer-labs/v2-deployments@3.2.0} on anvil and
 * {@code BalancerQueries.querySwap}'s answers for seeded random amounts both ways (null where the pool reverts),
 * written by {@code chains/bin/balancer-vectors.mjs}. Every answer must be reproduced to the wei, every revert too.
 */
class BalancerV2VectorsTest {

    /** A pool state of the vectors file, BPT dropped (composable stable pools register their own BPT). */
    record State(String kind, String pool, String poolId, List<String> tokens, List<BigInteger> balances,
            List<BigInteger> scalingFactors, List<BigInteger> weights, BigInteger amp, BigInteger swapFee,
            JsonNode cases, JsonNode swapAfter) {

        static State of(JsonNode s) {
            List<String> tokens = new ArrayList<>();
            List<BigInteger> balances = new ArrayList<>();
            List<BigInteger> factors = new ArrayList<>();
            int bpt = s.has("bptIndex") ? s.get("bptIndex").asInt() : -1;
            for (int k = 0; k < s.get("tokens").size(); k++) {
                if (k != bpt) {
                    tokens.add(s.get("tokens").get(k).asString().toLowerCase());
                    balances.add(new BigInteger(s.get("balances").get(k).asString()));
                    factors.add(new BigInteger(s.get("scalingFactors").get(k).asString()));
                }
            }
            List<BigInteger> weights = s.has("normalizedWeights")
                    ? s.get("normalizedWeights").valueStream().map(w -> new BigInteger(w.asString())).toList() : null;
            BigInteger amp = s.has("amplification") ? new BigInteger(s.get("amplification").asString()) : null;
            return new State(s.get("kind").asString(), s.get("pool").asString(), s.get("poolId").asString(), tokens,
                    balances, factors, weights, amp, new BigInteger(s.get("swapFeePercentage").asString()),
                    s.get("cases"), s.get("swapAfter"));
        }

        BigInteger swap(boolean givenIn, int i, int j, BigInteger amount) {
            if (weights != null) {
                return givenIn ? BalancerSwapMath.weightedOutGivenIn(balances, scalingFactors, weights, swapFee, i, j, amount)
                        : BalancerSwapMath.weightedInGivenOut(balances, scalingFactors, weights, swapFee, i, j, amount);
            }
            return givenIn ? BalancerSwapMath.stableOutGivenIn(balances, scalingFactors, amp, swapFee, i, j, amount)
                    : BalancerSwapMath.stableInGivenOut(balances, scalingFactors, amp, swapFee, i, j, amount);
        }

        /** The state as a market pool. */
        Pool marketPool() {
            List<Address> addresses = tokens.stream().map(Address::evm).toList();
            String id = "eth:balancer-v2:" + poolId;
            return weights != null
                    ? new WeightedPool(id, ChainId.of(1), "balancer-v2", Bytes32.of(poolId), addresses, balances,
                            scalingFactors, weights, swapFee, 0)
                    : new ComposableStablePool(id, ChainId.of(1), "balancer-v2", Bytes32.of(poolId), addresses,
                            balances, scalingFactors, amp, swapFee, 0);
        }
    }

    static List<State> states() throws IOException {
        try (InputStream in = BalancerV2VectorsTest.class.getResourceAsStream("/market/balancer-v2-vectors.json")) {
            JsonNode root = JsonMapper.builder().build().readTree(in);
            return root.get("states").valueStream().map(State::of).toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> querySwapAnswersToTheWei() throws IOException {
        List<State> states = states();
        assertThat(states).hasSizeGreaterThanOrEqualTo(15);
        return states.stream().flatMap(s -> s.cases().valueStream().map(c -> {
            int i = s.tokens().indexOf(c.get("tokenIn").asString().toLowerCase());
            int j = s.tokens().indexOf(c.get("tokenOut").asString().toLowerCase());
            boolean givenIn = c.get("kind").asString().equals("givenIn");
            BigInteger amount = new BigInteger(c.get("amount").asString());
            JsonNode result = c.get("result");
            String name = s.kind() + " " + s.pool().substring(0, 10) + " " + c.get("kind").asString() + " " + amount
                    + " " + i + "->" + j;
            return DynamicTest.dynamicTest(name, () -> {
                Pool pool = s.marketPool();
                Address in = pool.tokens().get(i);
                Address out = pool.tokens().get(j);
                if (result == null || result.isNull()) {
                    assertThatThrownBy(() -> s.swap(givenIn, i, j, amount)).isInstanceOf(BalancerRevert.class);
                    if (givenIn) {
                        assertThat(pool.quote(in, out, amount).amountOut()).isZero();
                    }
                } else {
                    BigInteger expected = new BigInteger(result.asString());
                    assertThat(s.swap(givenIn, i, j, amount)).isEqualTo(expected);
                    if (givenIn) {
                        assertThat(pool.quote(in, out, amount).amountOut()).isEqualTo(expected);
                    } else {
                        BigInteger taken = pool instanceof WeightedPool w ? w.amountIn(in, out, amount)
                                : ((ComposableStablePool) pool).amountIn(in, out, amount);
                        assertThat(taken).isEqualTo(expected);
                    }
                }
            });
        }));
    }

    @TestFactory
    Stream<DynamicTest> afterSwapLeavesTheVaultBalancesTheNextStateRead() throws IOException {
        List<State> states = states();
        return IntStream.range(0, states.size() - 1)
                .filter(k -> states.get(k).pool().equals(states.get(k + 1).pool()))
                .mapToObj(k -> DynamicTest.dynamicTest(states.get(k).kind() + " state " + k, () -> {
                    State s = states.get(k);
                    JsonNode swap = s.swapAfter();
                    Pool after = s.marketPool().afterSwap(Address.evm(swap.get("tokenIn").asString().toLowerCase()),
                            Address.evm(swap.get("tokenOut").asString().toLowerCase()),
                            new BigInteger(swap.get("amount").asString()));
                    List<BigInteger> balances = after instanceof WeightedPool w ? w.balances()
                            : ((ComposableStablePool) after).balances();
                    assertThat(balances).isEqualTo(states.get(k + 1).balances());
                }));
    }
}
