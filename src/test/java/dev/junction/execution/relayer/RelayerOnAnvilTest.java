package dev.junction.execution.relayer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.RelayerUnfundedException;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.TxReceipt;
import dev.junction.support.TestDatabase;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;

/**
 * The relayer against a real anvil node: EIP-1559 signing with the configured key, bytes persisted before broadcast,
 * nonces from the database reconciled with the node, confirmations, replacement with bumped fees, reorgs, a restart
 * that re-broadcasts persisted bytes, and two instances sharing one key on PostgreSQL.
 */
public class RelayerOnAnvilTest {

    private static final RelayerPolicy POLICY = new RelayerPolicy(2, 3, 125, 1200);
    private static final BigInteger WEI = BigInteger.valueOf(1_000_000_007L);

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void transfersAreSignedPersistedBeforeBroadcastIncludedAndConfirmed(String db) throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture f = RelayerFixture.of(db)) {
            String key = RelayerFixture.fundedKey(node);
            List<TxHash> unpersistedAtBroadcast = new ArrayList<>();
            EthRpc checking = new EthRpc(node.rpc.client()) {
                @Override
                public TxHash sendRawTransaction(byte[] signed) {
                    TxHash h = TxHash.of(Hash.sha3(signed));
                    int rows = f.jdbc.sql("SELECT COUNT(*) FROM relayer_signed WHERE tx_hash = ? AND raw = ?")
                            .params(h.value(), HexFormat.of().formatHex(signed)).query(Integer.class).single();
                    if (rows != 1) {
                        unpersistedAtBroadcast.add(h);
                    }
                    return super.sendRawTransaction(signed);
                }
            };
            Relayer relayer = new Relayer(ChainId.of(node.chainId), checking, RelayerKey.of(key),
                    new RelayerStore(f.jdbc), f.tx, POLICY, System::currentTimeMillis);
            assertThat(relayer.reconcile()).isZero();
            List<Address> to = new ArrayList<>();
            List<RelayedTx> sent = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                to.add(Address.evm("0x" + Keys.getAddress(Keys.createEcKeyPair())));
                sent.add(relayer.prepare("transfer-" + i, to.get(i), WEI, new byte[0], 21_000L));
            }
            assertThat(relayer.prepare("transfer-0", to.get(1), WEI, new byte[0], 21_000L).id())
                    .as("idempotent on reference").isEqualTo(sent.get(0).id());

            for (RelayedTx t : sent) {
                assertThat(settle(relayer, node, t.id()).state()).isEqualTo(RelayedTx.State.CONFIRMED);
            }

            assertThat(unpersistedAtBroadcast).as("broadcast before the bytes were committed").isEmpty();
            assertThat(sent).extracting(RelayedTx::nonce).containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(node.rpc.transactionCount(relayer.address(), "latest")).isEqualTo(5);
            for (int i = 0; i < 5; i++) {
                RelayedTx t = relayer.find(sent.get(i).id()).orElseThrow();
                assertThat(t.includedHash()).isEqualTo(t.currentHash());
                assertThat(t.success()).isTrue();
                assertThat(node.rpc.balance(to.get(i))).isEqualTo(WEI);
                RelayedTx.Signed v = relayer.versions(t.id()).getFirst();
                assertThat(TxHash.of(Hash.sha3(v.raw()))).isEqualTo(t.currentHash());
                assertThat(v.raw()[0]).as("EIP-1559 type byte").isEqualTo((byte) 2);
            }
        }
    }

    @Test
    void reconcileTakesNoncesUsedElsewhereAndNeverReusesOne() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture f = RelayerFixture.of("h2");
                RelayerFixture other = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            // the same key used by another deployment (its own database) first
            Relayer elsewhere = other.relayer(node, key, POLICY);
            elsewhere.reconcile();
            for (int i = 0; i < 3; i++) {
                settle(elsewhere, node, elsewhere.prepare(null, randomAddress(), WEI, new byte[0], 21_000L).id());
            }
            Relayer relayer = f.relayer(node, key, POLICY);

            assertThat(relayer.reconcile()).isEqualTo(3);
            RelayedTx t = relayer.prepare(null, randomAddress(), WEI, new byte[0], 21_000L);
            assertThat(t.nonce()).isEqualTo(3);
            assertThat(settle(relayer, node, t.id()).success()).isTrue();
        }
    }

    @Test
    void aTransactionNotIncludedIsReplacedWithFeesBumpedAtLeastAnEighthAtTheSameNonce() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337, "--no-mining"); RelayerFixture f = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            Relayer relayer = f.relayer(node, key, new RelayerPolicy(1, 2, 125, 1200));
            relayer.reconcile();
            Address to = randomAddress();
            RelayedTx t = relayer.prepare("stuck", to, WEI, new byte[0], 21_000L);
            RelayedTx.Signed first = relayer.versions(t.id()).getFirst();
            relayer.advance(t.id());
            // blocks go by whose base fee is above what the first version pays: it cannot be included
            for (int i = 0; i < 2; i++) {
                node.rpc.client().call("anvil_setNextBlockBaseFeePerGas",
                        "0x" + first.maxFee().shiftLeft(2).toString(16));
                node.rpc.client().call("anvil_mine", "0x1");
            }
            assertThat(node.rpc.receipt(first.hash())).isEmpty();

            RelayedTx replaced = relayer.advance(t.id());

            List<RelayedTx.Signed> versions = relayer.versions(t.id());
            assertThat(versions).hasSize(2);
            RelayedTx.Signed second = versions.get(1);
            assertThat(replaced.currentHash()).isEqualTo(second.hash());
            assertThat(second.maxFee().multiply(BigInteger.valueOf(1000)))
                    .isGreaterThanOrEqualTo(first.maxFee().multiply(BigInteger.valueOf(1125)));
            assertThat(second.maxPriorityFee().multiply(BigInteger.valueOf(1000)))
                    .isGreaterThanOrEqualTo(first.maxPriorityFee().multiply(BigInteger.valueOf(1125)));
            node.rpc.client().call("anvil_mine", "0x1");
            RelayedTx done = settle(relayer, node, t.id());
            assertThat(done.includedHash()).isEqualTo(second.hash());
            assertThat(node.rpc.receipt(first.hash())).isEmpty();
            assertThat(node.rpc.transactionCount(relayer.address(), "latest")).isEqualTo(1);
            assertThat(node.rpc.balance(to)).isEqualTo(WEI);
        }
    }

    @Test
    void aTransactionTheChainPassesTheValidityOfWithoutIncludingItIsCancelledAtItsNonceAndLeavesNoGap()
            throws Exception {
        try (AnvilNode node = AnvilNode.start(31337, "--no-mining"); RelayerFixture f = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            Relayer relayer = f.relayer(node, key, new RelayerPolicy(2, 50, 125, 1200));
            relayer.reconcile();
            long validUntil = node.rpc.latest().timestamp() + 100;
            Address to = randomAddress();
            RelayedTx t = relayer.prepare("expiring", to, WEI, new byte[0], 21_000L, validUntil);
            RelayedTx next = relayer.prepare("next", randomAddress(), WEI, new byte[0], 21_000L);
            RelayedTx.Signed first = relayer.versions(t.id()).getFirst();
            relayer.advance(t.id());
            relayer.advance(next.id());
            assertThat(node.rpc.transactionCount(relayer.address(), "pending")).isEqualTo(2);
            assertThat(relayer.advance(t.id()).cancelled()).as("before its validUntil").isFalse();
            // blocks go by whose base fee is above what the first version pays: it stays in the pool, not included
            node.rpc.client().call("anvil_setNextBlockBaseFeePerGas",
                    "0x" + first.maxFee().shiftLeft(3).toString(16));
            node.rpc.client().call("anvil_mine", "0x1");

            // the chain passes validUntil (two blocks: the relayer's confirmations) without including it
            node.rpc.client().call("evm_setNextBlockTimestamp", validUntil + 1);
            node.rpc.client().call("anvil_mine", "0x2");
            assertThat(node.rpc.receipt(first.hash())).isEmpty();
            RelayedTx cancelled = relayer.advance(t.id());

            assertThat(cancelled.cancelled()).isTrue();
            assertThat(cancelled.cancelVersion()).isEqualTo(1);
            List<RelayedTx.Signed> versions = relayer.versions(t.id());
            assertThat(versions).hasSize(2);
            RelayedTx.Signed cancel = versions.get(1);
            assertThat(cancel.maxFee().multiply(BigInteger.valueOf(1000)))
                    .isGreaterThanOrEqualTo(first.maxFee().multiply(BigInteger.valueOf(1125)));
            assertThat(cancel.maxPriorityFee().multiply(BigInteger.valueOf(1000)))
                    .isGreaterThanOrEqualTo(first.maxPriorityFee().multiply(BigInteger.valueOf(1125)));
            var onNode = node.rpc.client().call("eth_getTransactionByHash", cancel.hash().value());
            assertThat(Address.evm(onNode.path("to").asString())).isEqualTo(relayer.address());
            assertThat(onNode.path("value").asString()).isEqualTo("0x0");
            assertThat(onNode.path("input").asString()).isEqualTo("0x");
            assertThat(new BigInteger(onNode.path("nonce").asString().substring(2), 16).longValueExact())
                    .isEqualTo(t.nonce());

            RelayedTx done = settle(relayer, node, t.id());
            assertThat(done.includedHash()).isEqualTo(cancel.hash());
            assertThat(done.success()).isTrue();
            assertThat(node.rpc.receipt(first.hash())).isEmpty();
            assertThat(node.rpc.balance(to)).isZero();
            // the next nonce is not stuck behind it (once the base fee is back below what it pays)
            node.rpc.client().call("anvil_setNextBlockBaseFeePerGas",
                    "0x" + first.maxFee().shiftRight(2).toString(16));
            settle(relayer, node, next.id());
            assertThat(node.rpc.transactionCount(relayer.address(), "latest")).isEqualTo(2);
            assertThat(relayer.versions(next.id())).hasSize(1);
        }
    }

    @Test
    void aRelayerHoldingNothingIsUnfundedInTheLoopBeforeAnySubmitAndFundedOnceItHoldsEnough() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture f = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            Relayer relayer = f.relayer(node, key, POLICY);
            node.rpc.client().call("anvil_setBalance", relayer.address().lower(), "0x0");
            Relayers relayers = new Relayers(List.of(relayer), 1_000);

            relayers.pollOnce();

            Relayer.Funding empty = relayers.funding().get(relayer.chain());
            assertThat(empty.balance()).isZero();
            assertThat(empty.required()).as("a plain transfer at the live fee").isPositive();
            assertThat(empty.enough()).isFalse();
            // a submit's check of a transaction the relayer cannot pay refuses it and records what it needs
            assertThatThrownBy(() -> relayers.requireFunded(relayer.chain(), 300_000))
                    .isInstanceOf(RelayerUnfundedException.class)
                    .hasMessageContaining(relayer.address().toString()).hasMessageContaining("chain 31337");
            assertThat(relayers.funding().get(relayer.chain()).required()).isGreaterThan(empty.required());

            node.rpc.client().call("anvil_setBalance", relayer.address().lower(), "0xde0b6b3a7640000"); // 1 ether
            relayers.requireFunded(relayer.chain(), 300_000);
            assertThat(relayers.funding().get(relayer.chain()).enough()).isTrue();
        }
    }

    @Test
    void aRestartBroadcastsThePersistedBytesOfASignedTransaction() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture f = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            Relayer before = f.relayer(node, key, POLICY);
            before.reconcile();
            RelayedTx t = before.prepare("signed-then-crash", randomAddress(), WEI, new byte[0], 21_000L);
            // "crash": nothing was broadcast; a new relayer over the same database resumes what is open
            Relayer after = f.relayer(node, key, POLICY);

            assertThat(after.reconcile()).isEqualTo(1);
            assertThat(after.open()).containsExactly(t.id());
            RelayedTx done = settle(after, node, t.id());

            assertThat(done.includedHash()).isEqualTo(t.currentHash());
            assertThat(node.rpc.transactionCount(after.address(), "latest")).isEqualTo(1);
            assertThat(after.versions(t.id())).hasSize(1);
        }
    }

    @Test
    void aReceiptLostInAReorgSendsTheTransactionBackAndItIsIncludedAgain() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture f = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            Relayer relayer = f.relayer(node, key, new RelayerPolicy(4, 50, 125, 1200));
            relayer.reconcile();
            node.rpc.client().call("anvil_mine", "0x3");
            Address to = randomAddress();
            RelayedTx t = relayer.prepare("reorged", to, WEI, new byte[0], 21_000L);
            relayer.advance(t.id());
            RelayedTx included = untilIncluded(relayer, t.id());
            assertThat(included.state()).isEqualTo(RelayedTx.State.INCLUDED);

            // replace the including block by an empty one: the receipt is gone
            node.rpc.client().call("anvil_reorg", 1, List.of());
            Optional<TxReceipt> after = node.rpc.receipt(t.currentHash());
            assertThat(after.map(TxReceipt::blockHash)).isNotEqualTo(Optional.of(included.includedBlockHash()));

            RelayedTx back = relayer.advance(t.id());
            assertThat(back.state()).isIn(RelayedTx.State.BROADCAST, RelayedTx.State.INCLUDED);
            RelayedTx done = settle(relayer, node, t.id());

            assertThat(done.includedHash()).isEqualTo(t.currentHash());
            assertThat(relayer.versions(t.id())).hasSize(1);
            assertThat(node.rpc.transactionCount(relayer.address(), "latest")).isEqualTo(1);
            assertThat(node.rpc.balance(to)).isEqualTo(WEI);
        }
    }

    @Test
    void theNodeStopsMidTransactionAndComesBackWithoutLosingOrDoublingIt(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("anvil-state.json");
        int port = AnvilNode.freePort();
        AnvilNode node = AnvilNode.start(31337, port, "--state", state.toString());
        try (RelayerFixture f = RelayerFixture.of("h2")) {
            String key = RelayerFixture.fundedKey(node);
            Relayer relayer = f.relayer(node, key, POLICY);
            relayer.reconcile();
            node.rpc.client().call("evm_setAutomine", false);
            Address to = randomAddress();
            RelayedTx t = relayer.prepare("node-restart", to, WEI, new byte[0], 21_000L);
            assertThat(relayer.advance(t.id()).state()).isEqualTo(RelayedTx.State.BROADCAST);

            node.stop(); // the pool with our transaction is gone with it
            assertThatThrownBy(() -> relayer.advance(t.id())).isInstanceOfSatisfying(RpcException.class,
                    e -> assertThat(e.type().retryable()).as("the node is unavailable").isTrue());
            assertThat(relayer.find(t.id()).orElseThrow().state()).isEqualTo(RelayedTx.State.BROADCAST);

            node = AnvilNode.start(31337, port, "--state", state.toString());
            RelayedTx done = settle(relayer, node, t.id());

            assertThat(done.includedHash()).isEqualTo(t.currentHash());
            assertThat(relayer.versions(t.id())).hasSize(1);
            assertThat(node.rpc.transactionCount(relayer.address(), "latest")).isEqualTo(1);
            assertThat(node.rpc.balance(to)).isEqualTo(WEI);
        } finally {
            node.stop();
        }
    }

    @Test
    void twoInstancesSharingOneKeyOnPostgresTakeDistinctNoncesWithoutGaps() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture f = RelayerFixture.of("postgres")) {
            String key = RelayerFixture.fundedKey(node);
            try (TestDatabase secondPool = f.db.sharing()) {
                Relayer a = f.relayer(node, key, POLICY);
                Relayer b = new Relayer(a.chain(), node.rpc, RelayerKey.of(key), new RelayerStore(secondPool.jdbc()),
                        new TransactionTemplate(new JdbcTransactionManager(secondPool.dataSource())),
                        POLICY, System::currentTimeMillis);
                a.reconcile();
                b.reconcile();
                List<Callable<RelayedTx>> jobs = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    Relayer r = i % 2 == 0 ? a : b;
                    jobs.add(() -> r.prepare(null, randomAddress(), WEI, new byte[0], 21_000L));
                }
                List<RelayedTx> prepared = new ArrayList<>();
                try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
                    for (Future<RelayedTx> fu : pool.invokeAll(jobs)) {
                        prepared.add(fu.get());
                    }
                }
                Set<Long> nonces = new HashSet<>();
                for (RelayedTx t : prepared) {
                    nonces.add(t.nonce());
                }
                assertThat(nonces).hasSize(40).allMatch(n -> n >= 0 && n < 40);
                // each instance broadcasts what it holds; then every transaction is followed to its confirmations
                for (int i = 0; i < prepared.size(); i++) {
                    (i % 2 == 0 ? a : b).advance(prepared.get(i).id());
                }
                for (int i = 0; i < prepared.size(); i++) {
                    Relayer r = i % 2 == 0 ? b : a;
                    assertThat(settle(r, node, prepared.get(i).id()).success()).isTrue();
                }
                assertThat(node.rpc.transactionCount(a.address(), "latest")).isEqualTo(40);
            }
        }
    }

    /** Advances until CONFIRMED, mining a block whenever it waits (bounded). */
    /**
     * Advances a broadcast transaction until its receipt is seen (anvil automines it, but its receipt may be answered
     * a moment after the send returns); at most 2 s.
     */
    static RelayedTx untilIncluded(Relayer r, String id) throws InterruptedException {
        RelayedTx t = r.advance(id);
        for (int i = 0; i < 100 && t.state() == RelayedTx.State.BROADCAST; i++) {
            Thread.sleep(20);
            t = r.advance(id);
        }
        return t;
    }

    public static RelayedTx settle(Relayer r, AnvilNode node, String id) {
        for (int i = 0; i < 60; i++) {
            RelayedTx t = r.advance(id);
            if (t.state() == RelayedTx.State.CONFIRMED) {
                return t;
            }
            if (t.state() != RelayedTx.State.SIGNED) {
                node.rpc.client().call("anvil_mine", "0x1");
            }
        }
        throw new AssertionError("not confirmed: " + r.find(id).orElseThrow());
    }

    static Address randomAddress() throws Exception {
        return Address.evm("0x" + Keys.getAddress(Keys.createEcKeyPair()));
    }
}
