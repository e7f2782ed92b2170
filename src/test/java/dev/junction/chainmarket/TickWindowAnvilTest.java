package dev.junction.chainmarket;

import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Market;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Large trades through V3 pools in chain mode, on real Uniswap V3 bytecode (the chains harness, from npm) with the
 * local chains' depth: $10M moves the 5 bp WETH/USDC pool past the 4 bitmap words loaded at the cold load, and the
 * 1 bp USDC/USDT pool past 46. The first quote cannot use those pools (their ticks there are not loaded, so they are
 * not quoted rather than guessed); it records the edge it reached, each following block's round widens the window on
 * that side, and after at most the rounds the widening needs (1 for the WETH pool, 2 for the stablecoin pool) the
 * quote equals the pool's QuoterV2 answer at the route's block, to the wei.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TickWindowAnvilTest {

    static final long CHAIN = 31_337;
    static final Address SENDER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");

    static AnvilProcess anvil;
    static JsonNode deployed;
    static Address weth;
    static Address usdc;
    static Address usdt;
    static Address quoter;

    @LocalServerPort
    int port;

    @Autowired
    Market market;

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        // chains/lib/localmarket.mjs's MAJOR_DEPTH for WETH/USDC and USDC/USDT, at the snapshot's reference prices.
        deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}, {"symbol": "USDT", "decimals": 6}],
                 "uniswapV3": {"pools": [
                   {"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3400", "amountA": "3000"},
                   {"a": "WETH", "b": "USDC", "fee": 3000, "priceAInB": "3400", "amountA": "2000"},
                   {"a": "WETH", "b": "USDC", "fee": 100, "priceAInB": "3400", "amountA": "800"},
                   {"a": "USDC", "b": "USDT", "fee": 100, "priceAInB": "1", "amountA": "10000000"},
                   {"a": "USDC", "b": "USDT", "fee": 500, "priceAInB": "1", "amountA": "4000000"},
                   {"a": "USDC", "b": "USDT", "fee": 3000, "priceAInB": "1", "amountA": "1000000"}]}}
                """);
        weth = Address.evm(deployed.path("tokens").path("WETH").asString());
        usdc = Address.evm(deployed.path("tokens").path("USDC").asString());
        usdt = Address.evm(deployed.path("tokens").path("USDT").asString());
        quoter = Address.evm(deployed.path("uniswapV3").path("quoterV2").asString());
        String at = ChainModeAnvil.registerChain(registry, anvil, CHAIN, "30s");
        // one pool's exactness against its quoter: a split over the pools would beat it (split routes are proven
        // by their own tests)
        registry.add("junction.routing.max-splits", () -> "1");
        ChainModeAnvil.registerTokens(registry, CHAIN, List.of(weth, usdc, usdt), weth, List.of(usdc, usdt));
        registry.add(at + "dexes.uniswap-v3.kind", () -> "uniswap-v3");
        registry.add(at + "dexes.uniswap-v3.factory", () -> deployed.path("uniswapV3").path("factory").asString());
        registry.add(at + "dexes.uniswap-v3.fee-tiers", () -> "100,500,3000");
    }

    @AfterAll
    static void stopAnvil() {
        if (anvil != null) {
            anvil.close();
        }
    }

    JsonNode quote(Address from, Address to, BigInteger amount) throws Exception {
        return ChainModeAnvil.quote(port, CHAIN, from, to, amount, SENDER, "uniswap-v3");
    }

    BigInteger quoterV2(Address in, Address out, BigInteger amount, int fee, long block) {
        return UniswapCalls.word(anvil.call(quoter, UniswapCalls.quoteExactInputSingle(in, out, amount, fee), block),
                0);
    }

    /** Mines one block and waits until the market has applied it (its round, with any widening, is done). */
    void nextRound() throws InterruptedException {
        anvil.rpc().call("anvil_mine", "0x1");
        long block = anvil.blockNumber();
        while (market.current().head(ChainId.of(CHAIN)).orElseThrow().blockNumber() < block) {
            Thread.sleep(20);
        }
    }

    /**
     * Quotes {@code amount} once per round until the route is the {@code fee} pool alone at its QuoterV2 answer;
     * answers the rounds it took. Asserts the first quote was not that answer (the cold-loaded window is too narrow)
     * and that no quote ever beat the pool's on-chain answer (nothing quoted from ticks not loaded).
     */
    int roundsUntilExact(Address in, Address out, BigInteger amount, int fee, int maxRounds) throws Exception {
        for (int round = 0; round <= maxRounds; round++) {
            JsonNode route = quote(in, out, amount);
            long block = route.path("blockNumber").asLong();
            BigInteger pool = quoterV2(in, out, amount, fee, block);
            BigInteger best = List.of(100, 500, 3000).stream().map(f -> quoterV2(in, out, amount, f, block))
                    .max(BigInteger::compareTo).orElseThrow();
            assertThat(pool).as("the %d pool is the best single pool at $10M", fee).isEqualTo(best);
            BigInteger got = route.path("amountOut").isMissingNode() ? BigInteger.ZERO
                    : new BigInteger(route.path("amountOut").asString());
            assertThat(got).as("round %d", round).isLessThanOrEqualTo(pool);
            if (got.equals(pool)) {
                assertThat(round).as("the cold-loaded window already reached").isPositive();
                assertThat(route.path("path")).hasSize(1);
                return round;
            }
            nextRound();
        }
        throw new AssertionError("not exact after " + maxRounds + " rounds");
    }

    @Test
    void tenMillionUsdcToWethEqualsTheFiveBpPoolsQuoterAfterOneRound() throws Exception {
        assertThat(roundsUntilExact(usdc, weth, units("10000000", 6), 500, 3)).isEqualTo(1);
    }

    @Test
    void tenMillionUsdcToUsdtEqualsTheOneBpPoolsQuoterAfterTwoRounds() throws Exception {
        assertThat(roundsUntilExact(usdc, usdt, units("10000000", 6), 100, 4)).isEqualTo(2);
    }
}
