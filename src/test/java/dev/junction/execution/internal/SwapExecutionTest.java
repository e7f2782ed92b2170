package dev.junction.execution.internal;

import static dev.junction.support.TestMarket.ARB_POOL;
import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.ETH_POOL;
import static dev.junction.support.TestMarket.USDC_ARBITRUM;
import static dev.junction.support.TestMarket.USDC_ETHEREUM;
import static dev.junction.support.TestMarket.USER;
import static dev.junction.support.TestMarket.WETH_ARBITRUM;
import static dev.junction.support.TestMarket.WETH_ETHEREUM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.InvalidPlanException;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.Substatus;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapState;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.SwapView;
import dev.junction.execution.network.BridgeTransfer;
import dev.junction.execution.network.ChainTx;
import dev.junction.market.ConstantProductPool;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The executor end to end on the embedded network, on H2 and on PostgreSQL (fresh schema per test). */
class SwapExecutionTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private static Instant later(Harness h) {
        return Instant.ofEpochMilli(h.network.now()).plusSeconds(3600);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void sameChainSwapExecutesWithExactPoolMathAndMovesThePool(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true)) {
            ConstantProductPool before = h.market.pool(ETH_POOL);
            BigInteger expected = before.quote(USDC_ETHEREUM, WETH_ETHEREUM, BigInteger.valueOf(1_000_000_000L)).amountOut();
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(expected, later(h), null));

            SwapView v = h.awaitTerminal(sub.swapId(), WAIT);

            assertThat(v.state()).isEqualTo(SwapState.DONE);
            assertThat(v.substatus()).isEqualTo(Substatus.COMPLETED);
            assertThat(v.amountOut().value()).isEqualTo(expected);
            assertThat(v.sourceTx().hash()).isEqualTo(sub.sourceTxHash());
            assertThat(v.sourceTx().timestampMs()).isNotNull();
            assertThat(v.destinationTx()).isNull();
            ConstantProductPool after = h.market.pool(ETH_POOL);
            assertThat(after).isEqualTo(before.afterSwap(USDC_ETHEREUM, WETH_ETHEREUM, BigInteger.valueOf(1_000_000_000L)));
            assertThat(h.network.countSent(sub.swapId(), ChainTx.TxKind.SOURCE)).isEqualTo(1);
            assertThat(events(h, sub.swapId())).containsExactly("SUBMITTED", "SOURCE_INCLUDED", "SOURCE_FINAL");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void sameChainShortfallRevertsTheSourceTransactionAndMovesNothing(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true)) {
            ConstantProductPool before = h.market.pool(ETH_POOL);
            BigInteger quote = before.quote(USDC_ETHEREUM, WETH_ETHEREUM, BigInteger.valueOf(1_000_000_000L)).amountOut();
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(quote.add(BigInteger.ONE), later(h), null));

            SwapView v = h.awaitTerminal(sub.swapId(), WAIT);

            assertThat(v.state()).isEqualTo(SwapState.FAILED);
            assertThat(v.substatus()).isEqualTo(Substatus.SLIPPAGE_EXCEEDED);
            assertThat(h.market.pool(ETH_POOL)).isEqualTo(before);
            assertThat(h.network.receipt(ETH, sub.sourceTxHash()).orElseThrow().success()).isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void crossChainSwapBridgesThenSwapsOnTheDestination(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true)) {
            ConstantProductPool arbBefore = h.market.pool(ARB_POOL);
            SwapSubmission sub = h.service.submit(TestMarket.crossChain(USER, BigInteger.ONE, later(h)));

            SwapView v = h.awaitTerminal(sub.swapId(), WAIT);

            assertThat(v.state()).isEqualTo(SwapState.DONE);
            assertThat(v.substatus()).isEqualTo(Substatus.COMPLETED);
            BridgeTransfer t = h.network.transfer(sub.sourceTxHash()).orElseThrow();
            // 1000 USDC - 0.1 fixed - 5 bps (0.5) - 0.5 USD destination gas = 998.9 USDC
            assertThat(t.amountOut()).isEqualTo(Amount.of(998_900_000L));
            BigInteger expected = arbBefore.quote(USDC_ARBITRUM, WETH_ARBITRUM, t.amountOut().value()).amountOut();
            assertThat(v.amountOut().value()).isEqualTo(expected);
            assertThat(v.receivedToken()).isNull();
            assertThat(v.destinationTx().chain()).isEqualTo(TestMarket.ARB);
            assertThat(t.settleAtMs()).isGreaterThan(v.sourceTx().timestampMs());
            assertThat(events(h, sub.swapId())).containsExactly("SUBMITTED", "SOURCE_INCLUDED", "SOURCE_CONFIRMED",
                    "BRIDGE_DELIVERED", "DESTINATION_EXECUTED");
            assertThat(h.network.countSent(sub.swapId(), ChainTx.TxKind.DESTINATION)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void crossChainDestinationShortfallDeliversTheBridgedToken(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true)) {
            ConstantProductPool arbBefore = h.market.pool(ARB_POOL);
            SwapSubmission sub = h.service.submit(TestMarket.crossChain(USER, BigInteger.TEN.pow(30), later(h)));

            SwapView v = h.awaitTerminal(sub.swapId(), WAIT);

            assertThat(v.state()).isEqualTo(SwapState.DONE);
            assertThat(v.substatus()).isEqualTo(Substatus.PARTIAL);
            assertThat(v.receivedToken()).isEqualTo(USDC_ARBITRUM);
            assertThat(v.amountOut()).isEqualTo(Amount.of(998_900_000L));
            assertThat(h.market.pool(ARB_POOL)).isEqualTo(arbBefore);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aFailedBridgeTransferIsRefundedOnTheSourceChainAndNeverReportedDone(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 1.0, true)) {
            SwapSubmission sub = h.service.submit(TestMarket.bridgeOnly(later(h)));

            SwapView v = h.awaitTerminal(sub.swapId(), WAIT);

            assertThat(v.state()).isEqualTo(SwapState.REFUNDED);
            assertThat(v.substatus()).isEqualTo(Substatus.BRIDGE_FAILED);
            assertThat(v.destinationTx().chain()).isEqualTo(ETH);
            assertThat(v.receivedToken()).isEqualTo(USDC_ETHEREUM);
            assertThat(v.amountOut()).isEqualTo(Amount.of(1_000_000_000L));
            assertThat(events(h, sub.swapId())).containsExactly("SUBMITTED", "SOURCE_INCLUDED", "SOURCE_CONFIRMED",
                    "BRIDGE_FAILED", "REFUND_EXECUTED");
            assertThat(h.network.countSent(sub.swapId(), ChainTx.TxKind.REFUND)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aSwapNotExecutedBeforeItsDeadlineExpiresAndSendsNothing(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true)) {
            Instant past = Instant.ofEpochMilli(h.network.now() - 1);
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(BigInteger.ONE, past, null));

            SwapView v = h.awaitTerminal(sub.swapId(), WAIT);

            assertThat(v.state()).isEqualTo(SwapState.EXPIRED);
            assertThat(v.substatus()).isEqualTo(Substatus.EXPIRED_BEFORE_EXECUTION);
            assertThat(h.network.countSent(sub.swapId(), ChainTx.TxKind.SOURCE)).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2"})
    void aFastEarlierRunLeavesBlocksAheadButNotTheClock(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            // a previous fast run left the network's progress a simulated day ahead: its blocks stay, but time
            // (deadlines, timestamps) is the wall clock, never ahead of it
            h.jdbc.sql("UPDATE network_clock SET high_water_ms = ?").param(h.clock.millis() + 86_400_000L).update();
            try (Harness restarted = h.sharing(5)) {
                assertThat(restarted.network.head(TestMarket.ETH)).isGreaterThanOrEqualTo(86_400_000L / 12_000);
                assertThat(restarted.network.now()).isLessThanOrEqualTo(System.currentTimeMillis());
                SwapSubmission sub = restarted.service.submit(TestMarket.sameChain(BigInteger.ONE,
                        restarted.clock.now().plusSeconds(3600), null));

                assertThat(restarted.awaitTerminal(sub.swapId(), WAIT).state()).isEqualTo(SwapState.DONE);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aRetriedStepFindsTheSentTransactionInsteadOfSendingAgain(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            ExecutionPlan plan = TestMarket.sameChain(BigInteger.ONE, later(h), null);
            SwapSubmission sub = h.service.submit(plan);
            // the process "crashed" right after sending: the ledger has the tx, the swap is still RECEIVED
            h.network.send(h.transactions.source(sub.swapId(), plan, h.repo.load(sub.swapId()).orElseThrow()
                    .source().nonce()));
            ConstantProductPool moved = h.market.pool(ETH_POOL);

            assertThat(h.repo.claim(sub.swapId(), "me", System.currentTimeMillis(), System.currentTimeMillis() + 60_000))
                    .isTrue();
            Swap s = h.repo.load(sub.swapId()).orElseThrow();
            h.processor.step(s, "me");

            assertThat(s.state()).isEqualTo(SwapState.SOURCE_SENT);
            assertThat(h.network.countSent(sub.swapId(), ChainTx.TxKind.SOURCE)).isEqualTo(1);
            assertThat(h.market.pool(ETH_POOL)).isEqualTo(moved);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aStaleCopyCannotOverwriteANewerTransition(String db) {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(BigInteger.ONE, later(h), null));
            long wall = System.currentTimeMillis();
            h.repo.claim(sub.swapId(), "me", wall, wall + 60_000);
            Swap first = h.repo.load(sub.swapId()).orElseThrow();
            Swap stale = h.repo.load(sub.swapId()).orElseThrow();
            first.sourceIncluded(1, null, 1);
            h.tx.executeWithoutResult(t -> h.repo.update(first, "me", wall + 60_000));
            stale.deadlinePassed(2);

            assertThatThrownBy(() -> h.tx.executeWithoutResult(t -> h.repo.update(stale, "me", wall + 60_000)))
                    .isInstanceOf(ConcurrentSwapUpdateException.class);
            assertThat(h.repo.load(sub.swapId()).orElseThrow().state()).isEqualTo(SwapState.SOURCE_SENT);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void anInstanceWithoutTheLeaseCannotSave(String db) {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            SwapSubmission sub = h.service.submit(TestMarket.sameChain(BigInteger.ONE, later(h), null));
            long wall = System.currentTimeMillis();
            assertThat(h.repo.claim(sub.swapId(), "a", wall, wall + 60_000)).isTrue();
            assertThat(h.repo.claim(sub.swapId(), "b", wall, wall + 60_000)).isFalse();
            Swap s = h.repo.load(sub.swapId()).orElseThrow();
            s.deadlinePassed(1);

            assertThatThrownBy(() -> h.tx.executeWithoutResult(t -> h.repo.update(s, "b", wall + 60_000)))
                    .isInstanceOf(ConcurrentSwapUpdateException.class);
            // an expired lease can be taken over
            assertThat(h.repo.claim(sub.swapId(), "b", wall + 60_001, wall + 120_000)).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aRepeatedReferenceReturnsTheFirstSubmission(String db) {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            SwapSubmission a = h.service.submit(TestMarket.sameChain(BigInteger.ONE, later(h), "quote-1"));
            SwapSubmission b = h.service.submit(TestMarket.sameChain(BigInteger.ONE, later(h), "quote-1"));
            SwapSubmission c = h.service.submit(TestMarket.sameChain(BigInteger.ONE, later(h), "quote-2"));

            assertThat(b).isEqualTo(a);
            assertThat(c.swapId()).isNotEqualTo(a.swapId());
            assertThat(c.sourceTxHash()).isNotEqualTo(a.sourceTxHash());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2"})
    void plansTheMarketDoesNotHaveAreRejected(String db) {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            Amount in = Amount.of(1_000_000L);
            ExecutionPlan noPool = new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER,
                    ETH, USDC_ETHEREUM, ETH, WETH_ETHEREUM, in, Amount.ZERO, later(h), null,
                    List.of(new PlanStep.Swap(ETH, "nope", USDC_ETHEREUM, WETH_ETHEREUM, in, Amount.ZERO)));
            ExecutionPlan noLane = new ExecutionPlan(SwapKind.DIRECT, RouteKind.BRIDGE, "stargate", USER, USER, ETH,
                    USDC_ETHEREUM, TestMarket.ARB, USDC_ARBITRUM, in, Amount.ZERO, later(h), null,
                    List.of(new PlanStep.Bridge("stargate", ETH, TestMarket.ARB, USDC_ETHEREUM, USDC_ARBITRUM, in, Amount.ZERO)));
            ExecutionPlan broken = new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER,
                    USER, ETH, WETH_ETHEREUM, ETH, USDC_ETHEREUM, in, Amount.ZERO, later(h), null,
                    List.of(new PlanStep.Swap(ETH, ETH_POOL, USDC_ETHEREUM, WETH_ETHEREUM, in, Amount.ZERO)));

            assertThatThrownBy(() -> h.service.submit(noPool)).isInstanceOf(InvalidPlanException.class)
                    .hasMessageContaining("no pool nope");
            assertThatThrownBy(() -> h.service.submit(noLane)).isInstanceOf(InvalidPlanException.class)
                    .hasMessageContaining("no stargate lane");
            assertThatThrownBy(() -> h.service.submit(broken)).isInstanceOf(InvalidPlanException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2"})
    void transactionHashesAreDeterministicInChainSenderNonceAndPayload(String db) {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            ExecutionPlan plan = TestMarket.sameChain(BigInteger.ONE, later(h), null);
            ChainTx a = h.transactions.source("s1", plan, 5);

            assertThat(h.network.hashOf(a)).isEqualTo(h.network.hashOf(h.transactions.source("s1", plan, 5)));
            assertThat(h.network.hashOf(a)).isNotEqualTo(h.network.hashOf(h.transactions.source("s1", plan, 6)));
            assertThat(h.network.hashOf(a)).isNotEqualTo(h.network.hashOf(h.transactions.source("s2", plan, 5)));
            Address other = Address.evm("0x2222222222222222222222222222222222222222");
            ChainTx direct = h.transactions.source("s1", new ExecutionPlan(SwapKind.DIRECT, plan.routeKind(),
                    plan.provider(), other, other, ETH, USDC_ETHEREUM, ETH, WETH_ETHEREUM, plan.amountIn(), plan.minAmountOut(),
                    plan.deadline(), null, plan.steps()), 5);
            assertThat(h.network.hashOf(direct)).isNotEqualTo(h.network.hashOf(a));
        }
    }

    static List<String> events(Harness h, String swapId) {
        return h.jdbc.sql("SELECT event FROM swap_events WHERE swap_id = ? ORDER BY id").param(swapId)
                .query(String.class).list();
    }
}
