package dev.junction.execution.internal;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.SwapKind;
import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.execution.network.Receipt;
import dev.junction.market.BridgeLane;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.SimulationClock;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dry run: the executor's math on one snapshot, every minimum, the deadline, and nothing committed. */
class DryRunTest {

    final TestMarket.InMemory market = TestMarket.execution().market();
    final Transactions transactions = new Transactions(Address.evm("0x00000000000000000000000000000000000a11ce"));
    final SimulationClock clock = new SimulationClock(Clock.systemUTC(), 1.0);
    final DryRun dry = new DryRun(market, transactions, clock::millis);

    Instant later() {
        return clock.now().plusSeconds(600);
    }

    BigInteger ethSwapOut(BigInteger in) {
        return market.pool(ETH_POOL).quote(USDC_ETHEREUM, WETH_ETHEREUM, in).amountOut();
    }

    BridgeLane lane() {
        return market.current().lanes().getFirst();
    }

    BigInteger bridged(BigInteger deposit) {
        PlanStep.Bridge b = new PlanStep.Bridge("across", ETH, ARB, USDC_ETHEREUM, USDC_ARBITRUM, Amount.of(deposit), Amount.ZERO);
        return EmbeddedNetwork.bridged(market.current(), lane(), b, deposit);
    }

    /** USDC on Ethereum -> Across -> USDC/WETH on Arbitrum. */
    ExecutionPlan crossChain(BigInteger in, BigInteger bridgeMin, BigInteger min, Instant deadline) {
        return new ExecutionPlan(SwapKind.DIRECT, RouteKind.CROSS_CHAIN_SWAP, "across", USER, USER, ETH, USDC_ETHEREUM, ARB,
                WETH_ARBITRUM, Amount.of(in), Amount.of(min), deadline, null, List.of(
                        new PlanStep.Bridge("across", ETH, ARB, USDC_ETHEREUM, USDC_ARBITRUM, Amount.of(in), Amount.of(bridgeMin)),
                        new PlanStep.Swap(ARB, ARB_POOL, USDC_ARBITRUM, WETH_ARBITRUM, Amount.of(bridgeMin), Amount.of(min))));
    }

    ExecutionPlan bridgeOnly(BigInteger in, BigInteger min) {
        return new ExecutionPlan(SwapKind.DIRECT, RouteKind.BRIDGE, "across", USER, USER, ETH, USDC_ETHEREUM, ARB, USDC_ARBITRUM,
                Amount.of(in), Amount.of(min), later(), null,
                List.of(new PlanStep.Bridge("across", ETH, ARB, USDC_ETHEREUM, USDC_ARBITRUM, Amount.of(in), Amount.of(min))));
    }

    @Test
    void sameChainSwapGivesThePoolsExactOutputAndMovesNothing() {
        MarketSnapshot before = market.current();
        BigInteger out = ethSwapOut(BigInteger.valueOf(1_000_000_000L));
        SimulationResult r = dry.simulate(TestMarket.sameChain(out, later(), null));
        assertThat(r.success()).as(r.reason()).isTrue();
        assertThat(r.reason()).isNull();
        assertThat(r.stepOutputs()).containsExactly(Amount.of(out));
        assertThat(r.amountOut()).isEqualTo(Amount.of(out));
        assertThat(market.current()).as("the market is not updated").isSameAs(before);
        assertThat(market.current().version()).isEqualTo(before.version());
        assertThat(dry.simulate(TestMarket.sameChain(out, later(), null))).as("repeatable: nothing moved").isEqualTo(r);
    }

    @Test
    void aStepMinimumOneAboveTheOutputFailsNamingTheStepAndTheAmounts() {
        BigInteger out = ethSwapOut(BigInteger.valueOf(1_000_000_000L));
        SimulationResult r = dry.simulate(TestMarket.sameChain(out.add(BigInteger.ONE), later(), null));
        assertThat(r.success()).isFalse();
        assertThat(r.reason()).isEqualTo("step 1 (uniswap-v2 on chain 1) returns " + out + " below its minimum "
                + out.add(BigInteger.ONE));
        assertThat(r.stepOutputs()).isEmpty();
        assertThat(r.amountOut()).isEqualTo(Amount.ZERO);
    }

    @Test
    void theRouteMinimumBindsAfterTheStepMinimums() {
        BigInteger in = BigInteger.valueOf(1_000_000_000L);
        BigInteger out = ethSwapOut(in);
        ExecutionPlan p = new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER, ETH,
                USDC_ETHEREUM, ETH, WETH_ETHEREUM, Amount.of(in), Amount.of(out.add(BigInteger.ONE)), later(), null,
                List.of(new PlanStep.Swap(ETH, ETH_POOL, USDC_ETHEREUM, WETH_ETHEREUM, Amount.of(in), Amount.of(out))));
        SimulationResult r = dry.simulate(p);
        assertThat(r.reason()).isEqualTo("the source transaction on chain 1: the swaps return " + out
                + " below the minimum output " + out.add(BigInteger.ONE));
    }

    @Test
    void crossChainRunsTheBridgeFeeModelThenTheDestinationSwapOnTheBridgedAmount() {
        BigInteger in = BigInteger.valueOf(20_000_000L);
        BigInteger delivered = bridged(in);
        BigInteger out = market.pool(ARB_POOL).quote(USDC_ARBITRUM, WETH_ARBITRUM, delivered).amountOut();
        SimulationResult r = dry.simulate(crossChain(in, delivered, out, later()));
        assertThat(r.success()).as(r.reason()).isTrue();
        assertThat(r.stepOutputs()).containsExactly(Amount.of(delivered), Amount.of(out));
        assertThat(r.amountOut()).isEqualTo(Amount.of(out));
    }

    @Test
    void aDestinationShortfallFailsAlthoughTheExecutorWouldFallBackToTheBridgedToken() {
        BigInteger in = BigInteger.valueOf(20_000_000L);
        BigInteger delivered = bridged(in);
        BigInteger out = market.pool(ARB_POOL).quote(USDC_ARBITRUM, WETH_ARBITRUM, delivered).amountOut();
        SimulationResult r = dry.simulate(crossChain(in, delivered, out.add(BigInteger.ONE), later()));
        assertThat(r.success()).isFalse();
        assertThat(r.reason()).startsWith("step 2 (uniswap-v2 on chain 42161) returns " + out + " below its minimum "
                + out.add(BigInteger.ONE)).contains("would deliver the bridged " + delivered);
        assertThat(r.stepOutputs()).containsExactly(Amount.of(delivered));
    }

    @Test
    void theBridgeMinimumAndTheLaneBoundsBind() {
        BigInteger in = BigInteger.valueOf(20_000_000L);
        BigInteger delivered = bridged(in);
        assertThat(dry.simulate(bridgeOnly(in, delivered)).success()).isTrue();
        assertThat(dry.simulate(bridgeOnly(in, delivered.add(BigInteger.ONE))).reason())
                .isEqualTo("step 1 (across from chain 1 to chain 42161) delivers " + delivered + " below its minimum "
                        + delivered.add(BigInteger.ONE));
        BigInteger small = lane().minAmount().subtract(BigInteger.ONE);
        assertThat(dry.simulate(bridgeOnly(small, BigInteger.ONE)).reason())
                .isEqualTo("step 1 (across from chain 1 to chain 42161) deposit " + small
                        + " is below the lane's minimum " + lane().minAmount());
        BigInteger big = lane().capacity().add(BigInteger.ONE);
        assertThat(dry.simulate(bridgeOnly(big, BigInteger.ONE)).reason())
                .isEqualTo("step 1 (across from chain 1 to chain 42161) deposit " + big
                        + " is above the lane's capacity " + lane().capacity());
    }

    @Test
    void aPassedDeadlineFails() {
        Instant past = clock.now().minusSeconds(5);
        SimulationResult r = dry.simulate(TestMarket.sameChain(BigInteger.ONE, past, null));
        assertThat(r.success()).isFalse();
        assertThat(r.reason()).startsWith("the deadline " + past.getEpochSecond() + " (Unix seconds) has passed");
    }

    @Test
    void aPlanTheMarketCannotRunFailsWithTheExecutorsReason() {
        Amount in = Amount.of(1_000_000_000L);
        ExecutionPlan p = new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER, ETH,
                USDC_ETHEREUM, ETH, WETH_ETHEREUM, in, Amount.of(1), later(), null,
                List.of(new PlanStep.Swap(ETH, "eth:nope", USDC_ETHEREUM, WETH_ETHEREUM, in, Amount.of(1))));
        assertThat(dry.simulate(p).reason()).isEqualTo("the route cannot run on the network: no pool eth:nope");
    }

    @Test
    void theDryRunPredictsTheNetworkExactlyAndWritesNoLedgerRow() {
        try (Harness h = Harness.h2(1.0, 0, false)) {
            DryRun onHarness = new DryRun(h.market, h.transactions, h.clock::millis);
            BigInteger out = h.market.pool(ETH_POOL).quote(USDC_ETHEREUM, WETH_ETHEREUM, BigInteger.valueOf(1_000_000_000L))
                    .amountOut();
            ExecutionPlan plan = TestMarket.sameChain(out, h.clock.now().plusSeconds(600), null);
            long version = h.market.current().version();
            var pool = h.market.pool(ETH_POOL);
            SimulationResult r = onHarness.simulate(plan);
            assertThat(h.jdbc.sql("SELECT COUNT(*) FROM network_txs").query(Integer.class).single()).isZero();
            assertThat(h.jdbc.sql("SELECT COUNT(*) FROM network_accounts").query(Integer.class).single()).isZero();
            assertThat(h.market.current().version()).isEqualTo(version);
            assertThat(h.market.pool(ETH_POOL)).isSameAs(pool);

            Receipt sent = h.network.send(h.transactions.source("s-1", plan, 0));
            assertThat(sent.success()).isTrue();
            assertThat(sent.amountOut()).as("the network executes what the dry run predicted").isEqualTo(r.amountOut());
            assertThat(h.market.pool(ETH_POOL)).as("the real send moves the pool").isNotEqualTo(pool);
            assertThat(onHarness.simulate(plan).reason()).as("the same minimum is now unreachable")
                    .startsWith("step 1 (uniswap-v2 on chain 1) returns ");
        }
    }
}
