package dev.junction.execution.network;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.Blocks;
import dev.junction.execution.PlanStep;
import dev.junction.market.BridgeCharge;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.SimulationClock;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Hash;

/**
 * The in-process network: one chain per market chain, blocks produced on the simulation clock's speed (block {@code n}
 * of a chain is produced when {@code n * blockTime} of simulated time has passed since genesis; its timestamp is the
 * wall-clock Unix time at which that happens, see {@link SimulationClock}), swaps executed
 * with the exact pool math against {@link Market#current()} and moving the pools, bridge transfers settled after a
 * seeded latency (simulated, so it passes {@code speed} times as fast in real time). The ledger (sent transactions,
 * transfers, nonces, the simulated progress since genesis) is in the database, so a restarted service sees every
 * transaction it sent and its blocks never go back; timestamps stay wall-clock time whatever an earlier run's speed. Pool state lives in the in-memory market of each process.
 */
public final class EmbeddedNetwork implements Network, Blocks {

    private final Market market;
    private final SimulationClock clock;
    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final double bridgeFailureRate;
    private final long seed;
    private final long genesisMs;
    /** Wall-clock ms when this network started. */
    private final long startMs;
    /** Simulated ms since genesis when this network started. */
    private final long startProgressMs;
    private final Object sendLock = new Object();

    /**
     * @param bridgeFailureRate probability in [0, 1] that a bridge transfer fails and is refunded
     * @param seed seed mixed into every transfer's draw
     */
    public EmbeddedNetwork(Market market, SimulationClock clock, JdbcClient jdbc, TransactionTemplate tx,
            double bridgeFailureRate, long seed) {
        if (!(bridgeFailureRate >= 0 && bridgeFailureRate <= 1)) {
            throw new IllegalArgumentException("junction.simulation.bridge-failure-rate must be from 0 to 1");
        }
        this.market = market;
        this.clock = clock;
        this.jdbc = jdbc;
        this.tx = tx;
        this.bridgeFailureRate = bridgeFailureRate;
        this.seed = seed;
        long start = clock.millis();
        tx.executeWithoutResult(s -> jdbc.sql("INSERT INTO network_clock (id, genesis_ms, high_water_ms) VALUES (1, ?, ?) "
                + "ON CONFLICT DO NOTHING").params(start, start).update());
        Map<String, Object> row = jdbc.sql("SELECT genesis_ms, high_water_ms FROM network_clock WHERE id = 1").query()
                .singleRow();
        this.genesisMs = ((Number) row.get("genesis_ms")).longValue();
        this.startMs = start;
        // high_water_ms is genesis + the simulated progress reached: resume from it (a fast run's blocks stay), or
        // from the wall time since genesis when that is further (at speed 1 the chain went on while stopped)
        this.startProgressMs = Math.max(((Number) row.get("high_water_ms")).longValue() - genesisMs, start - genesisMs);
    }

    /** Wall-clock Unix ms: the time of every deadline, expiry and timestamp (never before this network started). */
    @Override
    public long now() {
        return Math.max(startMs, clock.millis());
    }

    /** Simulated ms since genesis at wall time {@code wallMs}. */
    private long progress(long wallMs) {
        return startProgressMs + clock.simulatedMillis(wallMs - startMs);
    }

    /** Records the simulated progress as the high-water mark, so a restart's blocks do not go back. */
    public void persistTime() {
        jdbc.sql("UPDATE network_clock SET high_water_ms = GREATEST(high_water_ms, ?) WHERE id = 1")
                .param(genesisMs + progress(now())).update();
    }

    @Override
    public long reserveNonce(ChainId chain, Address sender) {
        jdbc.sql("INSERT INTO network_accounts (chain_id, address, next_nonce) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
                .params(chain.value(), sender.lower()).update();
        jdbc.sql("UPDATE network_accounts SET next_nonce = next_nonce + 1 WHERE chain_id = ? AND address = ?")
                .params(chain.value(), sender.lower()).update();
        return jdbc.sql("SELECT next_nonce FROM network_accounts WHERE chain_id = ? AND address = ?")
                .params(chain.value(), sender.lower()).query(Long.class).single() - 1;
    }

    @Override
    public TxHash hashOf(ChainTx t) {
        ByteBuffer b = ByteBuffer.allocate(8 + 20 + 8 + 32);
        b.putLong(t.chain().value()).put(t.sender().bytes()).putLong(t.nonce()).put(Hash.sha3(t.payload()));
        return TxHash.of(Hash.sha3(b.array()));
    }

    @Override
    public Receipt send(ChainTx t) {
        TxHash hash = hashOf(t);
        Optional<Receipt> sent = receipt(t.chain(), hash);
        if (sent.isPresent()) {
            return sent.get();
        }
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("send commits its receipt itself; call it outside a database transaction");
        }
        synchronized (sendLock) {
            sent = receipt(t.chain(), hash);
            if (sent.isPresent()) {
                return sent.get();
            }
            Chain chain = market.current().chain(t.chain())
                    .orElseThrow(() -> new IllegalStateException("no chain " + t.chain() + " in the market"));
            long now = now();
            long block = head(chain, now) + 1;
            long timestamp = timestampOf(chain, block);
            try {
                return execute(t, hash, block, timestamp, now);
            } catch (DuplicateKeyException e) {
                return receipt(t.chain(), hash).orElseThrow(() -> e);
            }
        }
    }

    /**
     * Runs the transaction's calls ({@link ChainRun}, the same pure function the dry run uses) and commits the pool move
     * and the receipt as one outcome: the receipt is recorded inside the market's update, so a failed commit (any
     * exception) leaves the pools as they were, and the pools move only once the receipt is committed.
     */
    private Receipt execute(ChainTx t, TxHash hash, long block, long timestamp, long now) {
        AtomicReference<Receipt> result = new AtomicReference<>();
        market.update(snapshot -> {
            ChainRun.Result run = ChainRun.run(snapshot, t);
            Outcome outcome;
            if (!run.ok()) {
                outcome = !run.failure().bridge() && t.fallbackToInput()
                        ? new Outcome(true, true, t.tokenIn(), t.amountIn(), null, null)
                        : reverted(t);
            } else {
                outcome = new Outcome(true, false, run.token(), Amount.of(run.amount()),
                        run.deposited() == null ? null : Amount.of(run.deposited()), run.lane());
            }
            Receipt receipt = new Receipt(t.chain(), hash, outcome.success, outcome.fellBack, outcome.token,
                    outcome.amount, block, timestamp);
            BridgeTransfer transfer = outcome.success && t.bridge() != null
                    ? transferOf(hash, t, outcome, timestamp) : null;
            tx.executeWithoutResult(s -> record(t, receipt, transfer, now));
            result.set(receipt);
            return !run.ok() || run.moved().isEmpty() ? snapshot : snapshot.withPools(run.moved());
        });
        return result.get();
    }

    @Override
    public Optional<Receipt> receipt(ChainId chain, TxHash hash) {
        return jdbc.sql("SELECT * FROM network_txs WHERE tx_hash = ? AND chain_id = ?").params(hash.value(), chain.value())
                .query((rs, n) -> new Receipt(ChainId.of(rs.getLong("chain_id")), new TxHash(rs.getString("tx_hash")),
                        rs.getBoolean("success"), rs.getBoolean("fell_back"), Address.evm(rs.getString("token_out")),
                        Amount.parse(rs.getString("amount_out")), rs.getLong("block_number"), rs.getLong("timestamp_ms")))
                .optional();
    }

    @Override
    public long confirmedAtMs(Receipt receipt) {
        Chain chain = market.current().chain(receipt.chain()).orElseThrow();
        return receipt.timestampMs()
                + clock.realMillisFor((long) Math.max(0, chain.confirmations() - 1) * chain.blockTimeMs());
    }

    @Override
    public Optional<BridgeTransfer> transfer(TxHash sourceTx) {
        return jdbc.sql("SELECT * FROM network_transfers WHERE source_tx_hash = ?").param(sourceTx.value())
                .query((rs, n) -> new BridgeTransfer(new TxHash(rs.getString("source_tx_hash")), rs.getString("provider"),
                        ChainId.of(rs.getLong("from_chain")), ChainId.of(rs.getLong("to_chain")),
                        Address.evm(rs.getString("input_token")), Amount.parse(rs.getString("amount_in")),
                        Address.evm(rs.getString("output_token")), Amount.parse(rs.getString("amount_out")),
                        rs.getLong("settle_at_ms"), rs.getBoolean("failed"), rs.getLong("refund_at_ms")))
                .optional();
    }

    @Override
    public int countSent(String reference, ChainTx.TxKind kind) {
        return jdbc.sql("SELECT COUNT(*) FROM network_txs WHERE reference = ? AND kind = ?").params(reference, kind.name())
                .query(Integer.class).single();
    }

    @Override
    public long nowMs() {
        return now();
    }

    @Override
    public long head(ChainId chain) {
        return head(chainOf(chain), now());
    }

    @Override
    public long timestampMs(ChainId chain, long number) {
        return timestampOf(chainOf(chain), number);
    }

    /** Wall-clock ms at which block {@code number} is (or, from an earlier run, about was) produced. */
    private long timestampOf(Chain chain, long number) {
        return startMs + clock.realMillisFor(number * chain.blockTimeMs() - startProgressMs);
    }

    private Chain chainOf(ChainId id) {
        return market.current().chain(id).orElseThrow(() -> new IllegalArgumentException("no chain " + id));
    }

    private long head(Chain chain, long now) {
        return Math.max(0, progress(now) / Math.max(1, chain.blockTimeMs()));
    }

    private void record(ChainTx t, Receipt r, BridgeTransfer b, long now) {
        jdbc.sql("INSERT INTO network_txs (tx_hash, chain_id, sender, nonce, kind, reference, success, fell_back, "
                + "token_out, amount_out, recipient, block_number, timestamp_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")
                .params(r.hash().value(), t.chain().value(), t.sender().lower(), t.nonce(), t.kind().name(), t.reference(),
                        r.success(), r.fellBack(), r.tokenOut().value(), r.amountOut().toString(), t.recipient().value(),
                        r.blockNumber(), r.timestampMs())
                .update();
        if (b != null) {
            jdbc.sql("INSERT INTO network_transfers (source_tx_hash, provider, from_chain, to_chain, input_token, amount_in, "
                    + "output_token, amount_out, settle_at_ms, failed, refund_at_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?)")
                    .params(b.sourceTx().value(), b.provider(), b.fromChain().value(), b.toChain().value(),
                            b.inputToken().value(), b.amountIn().toString(), b.outputToken().value(),
                            b.amountOut().toString(), b.settleAtMs(), b.failed(), b.refundAtMs())
                    .update();
        }
        jdbc.sql("UPDATE network_clock SET high_water_ms = GREATEST(high_water_ms, ?) WHERE id = 1")
                .param(genesisMs + progress(now)).update();
    }

    private BridgeTransfer transferOf(TxHash hash, ChainTx t, Outcome o, long timestamp) {
        PlanStep.Bridge b = t.bridge();
        BridgeLatency.Draw d = BridgeLatency.draw(o.lane, seed ^ ByteBuffer.wrap(Hash.sha3(Hash.sha3(hash.value().getBytes(
                StandardCharsets.US_ASCII)))).getLong(), bridgeFailureRate);
        long settle = timestamp + clock.realMillisFor(d.latencyMs());
        return new BridgeTransfer(hash, b.provider(), b.chain(), b.toChain(), b.inputToken(), o.deposited,
                b.outputToken(), o.amount, settle, d.failed(),
                d.failed() ? settle + clock.realMillisFor(d.refundDelayMs()) : settle);
    }

    /** Result of running a transaction's calls. */
    private record Outcome(boolean success, boolean fellBack, Address token, Amount amount, Amount deposited,
            BridgeLane lane) {
    }

    private static Outcome reverted(ChainTx t) {
        return new Outcome(false, false, t.tokenIn(), Amount.ZERO, null, null);
    }

    /**
     * What a lane delivers for a deposit: the market's bridge fee model ({@link BridgeCharge}), the same the planner
     * quotes with; zero when the fees take everything or a token of the step is not on the market.
     */
    public static BigInteger bridged(MarketSnapshot s, BridgeLane lane, PlanStep.Bridge b, BigInteger deposit) {
        Token in = s.token(b.chain(), b.inputToken()).orElse(null);
        Token out = s.token(b.toChain(), b.outputToken()).orElse(null);
        if (in == null || out == null) {
            return BigInteger.ZERO;
        }
        return BridgeCharge.of(lane, in, out, deposit).amountOut();
    }
}
