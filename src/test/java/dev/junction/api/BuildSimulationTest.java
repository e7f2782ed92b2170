package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.junction.calldata.Transaction;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.calldata.TransactionChecks;
import dev.junction.dryrun.internal.CallPlans;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code simulation=true} on GET /build-best-path, on the embedded market snapshot: the returned calldata is decoded
 * and dry-run on the network; success marks {@code Tx.simulation}, failure is 3007 with the reason; nothing moves.
 */
@SpringBootTest(properties = "junction.market.living=false")
@AutoConfigureMockMvc
class BuildSimulationTest {

    static final String SENDER = "0x1111111111111111111111111111111111111111";
    static final String USDC_ARB = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
    static final String WETH_ARB = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";
    static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

    @Autowired
    MockMvc mvc;

    @Autowired
    Market market;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionChecks checks;

    final JsonMapper json = JsonMapper.builder().build();

    JsonNode build(String query) throws Exception {
        MockHttpServletResponse r = mvc.perform(get("/build-best-path?" + query + "&sender=" + SENDER)).andReturn()
                .getResponse();
        JsonNode body = json.readTree(r.getContentAsString());
        assertThat(r.getStatus()).as(body.toString()).isEqualTo(200);
        return body.get("data").get("Tx");
    }

    long rows(String table) {
        return jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }

    @Test
    void aSameChainBuildIsSimulatedAndTheDryRunCommitsNothing() throws Exception {
        String query = "fromChain=42161&toChain=42161&fromToken=" + USDC_ARB + "&toToken=" + WETH_ARB
                + "&amount=1000000000";
        assertThat(build(query).get("simulation").asBoolean()).as("not asked: not run").isFalse();
        assertThat(build(query + "&simulation=false").get("simulation").asBoolean()).isFalse();
        MarketSnapshot before = market.current();
        long txs = rows("network_txs");
        long transfers = rows("network_transfers");
        long accounts = rows("network_accounts");
        long swaps = rows("swaps");

        assertThat(build(query + "&simulation=true").get("simulation").asBoolean()).isTrue();

        assertThat(market.current()).as("no Market.update").isSameAs(before);
        assertThat(market.current().version()).isEqualTo(before.version());
        assertThat(rows("network_txs")).isEqualTo(txs);
        assertThat(rows("network_transfers")).isEqualTo(transfers);
        assertThat(rows("network_accounts")).isEqualTo(accounts);
        assertThat(rows("swaps")).isEqualTo(swaps);
    }

    @Test
    void aCrossChainBuildIsSimulatedThroughTheBridge() throws Exception {
        JsonNode tx = build("fromChain=1&toChain=42161&fromToken=" + USDC_ETH + "&toToken=" + WETH_ARB
                + "&amount=5000000000&simulation=true");
        assertThat(tx.get("simulation").asBoolean()).isTrue();
    }

    @Test
    void aNativeInputBuildIsSimulated() throws Exception {
        JsonNode tx = build("fromChain=42161&toChain=42161&fromToken=0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE&toToken="
                + USDC_ARB + "&amount=1000000000000000000&simulation=true");
        assertThat(tx.get("simulation").asBoolean()).isTrue();
    }

    @Test
    void aBuildWhoseMinimumTheMovedMarketNoLongerMeetsFailsWith3007NamingTheStep() throws Exception {
        JsonNode tx = build("fromChain=42161&toChain=42161&fromToken=" + USDC_ARB + "&toToken=" + WETH_ARB
                + "&amount=1000000000");
        Transaction built = new Transaction(Address.evm(tx.get("to").asString()), tx.get("data").asString(),
                ChainId.of(tx.get("chain").asLong()), Address.evm(tx.get("allowanceTarget").asString()),
                new BigInteger(tx.get("gasLimit").asString()), tx.get("expiry").asLong(), false,
                new BigInteger(tx.get("value").asString()));
        BigInteger amount = BigInteger.valueOf(1_000_000_000L);
        assertThat(checks.simulate(built, Address.evm(SENDER), Address.evm(USDC_ARB), amount).success()).isTrue();

        ExecutionPlan plan = CallPlans.plan(market.current(), built.chain(), Address.evm(SENDER),
                Hex.decode(built.data()));
        PlanStep.Swap first = (PlanStep.Swap) plan.steps().getFirst();
        Pool original = market.current().pool(first.poolId()).orElseThrow();
        Pool moved = original;
        BigInteger push = first.amountIn().value();
        // another trader buys the same token before ours: push the price until our minimum is out of reach
        while (moved.quote(first.tokenIn(), first.tokenOut(), first.amountIn().value()).amountOut()
                .compareTo(first.minAmountOut().value()) >= 0) {
            moved = original.afterSwap(first.tokenIn(), first.tokenOut(), push);
            push = push.multiply(BigInteger.TWO);
        }
        Pool shifted = moved;
        BigInteger reachable = shifted.quote(first.tokenIn(), first.tokenOut(), first.amountIn().value()).amountOut();
        market.update(s -> s.withPools(List.of(shifted)));
        try {
            TransactionChecks.Simulation failed = checks.simulate(built, Address.evm(SENDER), Address.evm(USDC_ARB),
                    amount);
            assertThat(failed.success()).isFalse();
            assertThat(failed.reason()).isEqualTo("step 1 (" + original.provider() + " on chain "
                    + "42161) returns " + reachable + " below its minimum " + first.minAmountOut());
        } finally {
            market.update(s -> s.withPools(List.of(original)));
        }
    }

    @Test
    void calldataThatIsNotARouteFailsWith3007() {
        Transaction junk = new Transaction(Address.ZERO, "0xdeadbeef", ChainId.of(42161), Address.ZERO,
                BigInteger.ONE, 0, false, BigInteger.ZERO);
        TransactionChecks.Simulation failed = checks.simulate(junk, Address.evm(SENDER), Address.evm(USDC_ARB),
                BigInteger.ONE);
        assertThat(failed.success()).isFalse();
        assertThat(failed.reason()).startsWith("the router would revert: the calldata does not call executeRoute");
    }
}
