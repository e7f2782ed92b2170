package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.Substatus;
import dev.junction.execution.SwapChangeListener;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Swaps in the database. Callers own the transaction. Writes of an existing swap are conditional on its version (and on
 * the caller's lease): a concurrent change makes them fail with {@link ConcurrentSwapUpdateException}.
 *
 * <p>Work distribution (the same on H2 and PostgreSQL): an instance claims a due swap with one conditional UPDATE that
 * succeeds only if nobody holds an unexpired lease; it renews the lease on each save and clears it when it puts the
 * swap back with its next due time.
 */
public final class SwapRepository {

    private final JdbcClient jdbc;
    private final List<SwapChangeListener> listeners;

    public SwapRepository(JdbcClient jdbc) {
        this(jdbc, List.of());
    }

    /** @param listeners told of each insert and saved transition, in the caller's database transaction */
    public SwapRepository(JdbcClient jdbc, List<SwapChangeListener> listeners) {
        this.jdbc = jdbc;
        this.listeners = List.copyOf(listeners);
    }

    public void insert(Swap s, String reference, long nextRunAtMs, String instance) {
        ExecutionPlan p = s.plan();
        jdbc.sql("""
                INSERT INTO swaps (id, executor_tx_id, reference, kind, route_kind, provider, sender, receiver, from_chain,
                  from_token, to_chain, to_token, amount_in, min_amount_out, deadline_ms, state, terminal, substatus, message,
                  src_sender, src_nonce, src_tx_hash, created_at_ms, updated_at_ms, next_run_at_ms, version)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,0)""")
                .params(s.id(), s.executorTxId(), reference, p.kind().name(), p.routeKind().name(), p.provider(),
                        p.sender().value(), p.receiver().value(), p.fromChain().value(), p.fromToken().value(),
                        p.toChain().value(), p.toToken().value(), p.amountIn().toString(), p.minAmountOut().toString(),
                        p.deadline().toEpochMilli(), s.state().name(), false, s.substatus().name(),
                        SwapStateMachine.message(s.substatus()), s.source().sender().value(), s.source().nonce(),
                        s.source().hash().value(), s.createdAtMs(), s.updatedAtMs(), nextRunAtMs)
                .update();
        for (int i = 0; i < p.steps().size(); i++) {
            PlanStep step = p.steps().get(i);
            switch (step) {
                case PlanStep.Swap w -> insertStep(s.id(), i, "SWAP", w.chain(), null, w.poolId(), w.tokenIn(),
                        w.tokenOut(), w.amountIn(), w.minAmountOut(), null);
                case PlanStep.Bridge b -> insertStep(s.id(), i, "BRIDGE", b.chain(), b.toChain(), b.provider(),
                        b.inputToken(), b.outputToken(), b.amountIn(), b.minAmountOut(), null);
                case PlanStep.Leg l -> insertStep(s.id(), i, "LEG", l.chain(), null, "", l.tokenIn(), l.tokenOut(),
                        l.amountIn(), l.minAmountOut(), l.shareBps());
            }
        }
        jdbc.sql("INSERT INTO swap_events (swap_id, from_state, event, to_state, substatus, at_ms, instance) "
                + "VALUES (?, NULL, 'SUBMITTED', ?, ?, ?, ?)")
                .params(s.id(), s.state().name(), s.substatus().name(), s.createdAtMs(), instance).update();
        listeners.forEach(l -> l.changed(s.view(), 1, s.createdAtMs()));
    }

    private void insertStep(String id, int idx, String type, ChainId chain, ChainId to, String poolOrProvider,
            Address in, Address out, Amount amountIn, Amount min, Integer shareBps) {
        jdbc.sql("INSERT INTO swap_steps (swap_id, idx, step_type, chain_id, to_chain, pool_or_provider, token_in, "
                + "token_out, amount_in, min_amount_out, share_bps) VALUES (?,?,?,?,?,?,?,?,?,?,?)")
                .params(id, idx, type, chain.value(), to == null ? null : to.value(), poolOrProvider, in.value(),
                        out.value(), amountIn.toString(), min.toString(), shareBps)
                .update();
    }

    /**
     * Saves the swap's state and its pending transitions if its version is unchanged and {@code instance} still holds
     * its lease; renews the lease until {@code leaseUntilMs} (wall clock).
     *
     * @throws ConcurrentSwapUpdateException when the row changed or the lease was lost
     */
    public void update(Swap s, String instance, long leaseUntilMs) {
        Swap.TxId d = s.settlementTx();
        int n = jdbc.sql("""
                UPDATE swaps SET state = ?, terminal = ?, substatus = ?, message = ?, src_timestamp_ms = ?, dest_chain = ?,
                  dest_sender = ?, dest_nonce = ?, dest_tx_hash = ?, dest_timestamp_ms = ?, bridged_amount = ?,
                  amount_out = ?, received_token = ?, updated_at_ms = ?, lease_until_ms = ?, version = version + 1,
                  failure_reason = COALESCE(?, failure_reason)
                WHERE id = ? AND version = ? AND lease_owner = ?""")
                .params(s.state().name(), s.state().terminal(), s.substatus().name(),
                        truncate(s.message(), 300), s.sourceTimestampMs(),
                        d == null ? null : d.chain().value(), d == null ? null : d.sender().value(),
                        d == null ? null : d.nonce(), d == null ? null : d.hash().value(), s.destinationTimestampMs(),
                        str(s.bridgedAmount()), str(s.amountOut()),
                        s.receivedToken() == null ? null : s.receivedToken().value(), s.updatedAtMs(), leaseUntilMs,
                        truncate(s.recordedFailureReason(), 400), s.id(), s.version(), instance)
                .update();
        if (n != 1) {
            throw new ConcurrentSwapUpdateException(s.id());
        }
        for (Swap.Transition t : s.pending()) {
            jdbc.sql("INSERT INTO swap_events (swap_id, from_state, event, to_state, substatus, at_ms, instance) "
                    + "VALUES (?,?,?,?,?,?,?)")
                    .params(s.id(), t.from().name(), t.event().name(), t.to().name(), t.substatus().name(), t.atMs(),
                            instance)
                    .update();
        }
        List<Swap.Transition> saved = s.pending();
        s.persisted(s.version() + 1);
        if (!saved.isEmpty()) {
            long sequence = s.version() + 1;
            long at = saved.getLast().atMs();
            listeners.forEach(l -> l.changed(s.view(), sequence, at));
        }
    }

    /** Ids of non-terminal swaps due by {@code nowMs} (simulation) whose lease is free at {@code wallMs}. */
    public List<String> due(long nowMs, long wallMs, int limit) {
        return jdbc.sql("SELECT id FROM swaps WHERE terminal = FALSE AND next_run_at_ms <= ? "
                + "AND (lease_until_ms IS NULL OR lease_until_ms < ?) ORDER BY next_run_at_ms LIMIT ?")
                .params(nowMs, wallMs, limit).query(String.class).list();
    }

    /** Takes the lease of a free, non-terminal swap; false when another instance holds it. */
    public boolean claim(String id, String instance, long wallMs, long leaseUntilMs) {
        return jdbc.sql("UPDATE swaps SET lease_owner = ?, lease_until_ms = ? "
                + "WHERE id = ? AND terminal = FALSE AND (lease_until_ms IS NULL OR lease_until_ms < ?)")
                .params(instance, leaseUntilMs, id, wallMs).update() == 1;
    }

    /**
     * Gives the lease back and schedules the next step at {@code nextRunAtMs} (simulation); after a step that went
     * through ({@code succeeded}) the count of consecutive failures starts again from zero.
     */
    public void release(String id, String instance, long nextRunAtMs, boolean succeeded) {
        jdbc.sql("UPDATE swaps SET lease_owner = NULL, lease_until_ms = NULL, next_run_at_ms = ?, "
                + "attempts = CASE WHEN ? THEN 0 ELSE attempts END WHERE id = ? AND lease_owner = ?")
                .params(nextRunAtMs, succeeded, id, instance).update();
    }

    /**
     * Records a failed step of a swap this instance holds: one more consecutive failure, and its reason.
     *
     * @return the number of consecutive failures now, or -1 when the lease was lost
     */
    public int recordFailure(String id, String instance, String reason) {
        int n = jdbc.sql("UPDATE swaps SET attempts = attempts + 1, failure_reason = ? WHERE id = ? AND lease_owner = ?")
                .params(truncate(reason, 400), id, instance).update();
        if (n != 1) {
            return -1;
        }
        return jdbc.sql("SELECT attempts FROM swaps WHERE id = ?").param(id).query(Integer.class).single();
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /** The earliest next_run_at of the non-terminal swaps, if any. */
    public Optional<Long> nextDue() {
        return jdbc.sql("SELECT MIN(next_run_at_ms) FROM swaps WHERE terminal = FALSE").query(Long.class).optional();
    }

    public Optional<Swap> load(String id) {
        return jdbc.sql("SELECT * FROM swaps WHERE id = ?").param(id).query(this::map).optional();
    }

    public Optional<Swap> findByReference(String reference) {
        return jdbc.sql("SELECT * FROM swaps WHERE reference = ?").param(reference).query(this::map).optional();
    }

    public Optional<Swap> findBySourceTx(ChainId chain, TxHash hash) {
        return jdbc.sql("SELECT * FROM swaps WHERE from_chain = ? AND src_tx_hash = ?").params(chain.value(), hash.value())
                .query(this::map).optional();
    }

    private Swap map(ResultSet rs, int n) throws SQLException {
        String id = rs.getString("id");
        ExecutionPlan plan = new ExecutionPlan(SwapKind.valueOf(rs.getString("kind")),
                RouteKind.valueOf(rs.getString("route_kind")), rs.getString("provider"), Address.evm(rs.getString("sender")),
                Address.evm(rs.getString("receiver")), ChainId.of(rs.getLong("from_chain")),
                Address.evm(rs.getString("from_token")), ChainId.of(rs.getLong("to_chain")),
                Address.evm(rs.getString("to_token")), Amount.parse(rs.getString("amount_in")),
                Amount.parse(rs.getString("min_amount_out")), Instant.ofEpochMilli(rs.getLong("deadline_ms")),
                rs.getString("reference"), steps(id));
        ChainId from = plan.fromChain();
        Swap.TxId source = new Swap.TxId(from, Address.evm(rs.getString("src_sender")), rs.getLong("src_nonce"),
                new TxHash(rs.getString("src_tx_hash")));
        String destHash = rs.getString("dest_tx_hash");
        Swap.TxId dest = destHash == null ? null : new Swap.TxId(ChainId.of(rs.getLong("dest_chain")),
                Address.evm(rs.getString("dest_sender")), rs.getLong("dest_nonce"), new TxHash(destHash));
        String received = rs.getString("received_token");
        Swap swap = new Swap(id, rs.getString("executor_tx_id"), plan, source, rs.getLong("created_at_ms"),
                SwapState.valueOf(rs.getString("state")), Substatus.valueOf(rs.getString("substatus")),
                rs.getLong("version"), longOrNull(rs, "src_timestamp_ms"), dest, longOrNull(rs, "dest_timestamp_ms"),
                amountOrNull(rs.getString("bridged_amount")), amountOrNull(rs.getString("amount_out")),
                received == null ? null : Address.evm(received), rs.getLong("updated_at_ms"));
        swap.restoreFailureReason(rs.getString("failure_reason"));
        return swap;
    }

    private List<PlanStep> steps(String id) {
        return jdbc.sql("SELECT * FROM swap_steps WHERE swap_id = ? ORDER BY idx").param(id).query((rs, n) -> {
            ChainId chain = ChainId.of(rs.getLong("chain_id"));
            Address in = Address.evm(rs.getString("token_in"));
            Address out = Address.evm(rs.getString("token_out"));
            Amount amount = Amount.parse(rs.getString("amount_in"));
            Amount min = Amount.parse(rs.getString("min_amount_out"));
            PlanStep step = switch (rs.getString("step_type")) {
                case "SWAP" -> new PlanStep.Swap(chain, rs.getString("pool_or_provider"), in, out, amount, min);
                case "LEG" -> new PlanStep.Leg(chain, in, out, rs.getInt("share_bps"), amount);
                default -> new PlanStep.Bridge(rs.getString("pool_or_provider"), chain,
                        ChainId.of(rs.getLong("to_chain")), in, out, amount, min);
            };
            return step;
        }).list();
    }

    private static Long longOrNull(ResultSet rs, String col) throws SQLException {
        long v = rs.getLong(col);
        return rs.wasNull() ? null : v;
    }

    private static Amount amountOrNull(String s) {
        return s == null ? null : Amount.parse(s);
    }

    private static String str(Amount a) {
        return a == null ? null : a.toString();
    }
}
