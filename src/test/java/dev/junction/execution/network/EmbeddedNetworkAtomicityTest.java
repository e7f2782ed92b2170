package dev.junction.execution.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.internal.Harness;
import dev.junction.market.ConstantProductPool;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue 12, item 8: the pool move and the receipt of an embedded transaction are one outcome. A commit that fails for a
 * reason other than a duplicate hash (here the database's commit itself) leaves the pools as they were, so the retry
 * moves them exactly once.
 */
class EmbeddedNetworkAtomicityTest {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aFailedCommitMovesNoPoolAndTheRetryMovesItOnce(String db) {
        try (Harness h = Harness.of(db, 1, 0, false)) {
            AtomicBoolean failNext = new AtomicBoolean();
            EmbeddedNetwork network = new EmbeddedNetwork(h.market, h.clock, h.jdbc,
                    new TransactionTemplate(failingCommit(h.tx.getTransactionManager(), failNext)), 0, 7);
            ExecutionPlan plan = TestMarket.sameChain(BigInteger.ONE, Instant.ofEpochMilli(network.now()).plusSeconds(600),
                    null);
            ChainTx t = new ChainTx(plan.fromChain(), h.transactions.relayer(), 0, ChainTx.TxKind.SOURCE, "swap-1",
                    plan.fromToken(), plan.amountIn(), List.of((PlanStep.Swap) plan.steps().get(0)),
                    null, plan.receiver(), Amount.of(1L), false);
            ConstantProductPool before = h.market.pool(TestMarket.ETH_POOL);
            failNext.set(true);

            assertThatThrownBy(() -> network.send(t)).hasMessageContaining("went away");
            assertThat(h.market.pool(TestMarket.ETH_POOL)).as("pools after a failed commit").isEqualTo(before);
            assertThat(network.receipt(t.chain(), network.hashOf(t))).isEmpty();

            Receipt r = network.send(t);

            assertThat(r.success()).isTrue();
            assertThat(h.market.pool(TestMarket.ETH_POOL))
                    .isEqualTo(before.afterSwap(TestMarket.USDC_ETHEREUM, TestMarket.WETH_ETHEREUM, plan.amountIn().value()));
            assertThat(network.countSent("swap-1", ChainTx.TxKind.SOURCE)).isEqualTo(1);
        }
    }

    /** The database's transactions, except that a commit while {@code failNext} is set rolls back and throws. */
    private static PlatformTransactionManager failingCommit(PlatformTransactionManager real, AtomicBoolean failNext) {
        return new PlatformTransactionManager() {
            @Override
            public TransactionStatus getTransaction(TransactionDefinition definition) {
                return real.getTransaction(definition);
            }

            @Override
            public void commit(TransactionStatus status) {
                if (failNext.getAndSet(false)) {
                    real.rollback(status);
                    throw new TransactionSystemException("the database went away mid-commit");
                }
                real.commit(status);
            }

            @Override
            public void rollback(TransactionStatus status) {
                real.rollback(status);
            }
        };
    }
}
