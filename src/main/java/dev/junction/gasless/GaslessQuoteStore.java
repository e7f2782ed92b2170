package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.PlanStep;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Gasless quotes, their steps and their submissions (tables of V4__gasless.sql). */
@Repository
class GaslessQuoteStore {

    private final JdbcTemplate jdbc;

    GaslessQuoteStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insert(QuoteRecord q, Instant now) {
        jdbc.update("INSERT INTO gasless_quote (quote_id, acquisition_mode, sender, receiver, from_chain, to_chain,"
                + " from_token, to_token, amount_in, fee_amount, amount_in_after_fee, amount_out, amount_out_min, spender,"
                + " router, nonce, deadline, digest, inner_data, route_kind, bridge_count, providers, main_provider,"
                + " created_at, route_fee_bps, route_fee_recipient, route_steps_hash, route_destination_call_hash)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                q.quoteId(), q.acquisitionMode(), q.sender().lower(), q.receiver().lower(), q.fromChain().value(),
                q.toChain().value(), q.fromToken().lower(), q.toToken().lower(), q.amountIn().toString(),
                q.feeAmount().toString(), q.amountInAfterFee().toString(), q.amountOut().toString(),
                q.amountOutMin().toString(), q.spender().lower(), q.router().lower(), q.nonce().value(), q.deadline(),
                q.digest(), q.innerData(), q.routeKind(), q.bridgeCount(), String.join(",", q.providers()),
                q.mainProvider(), Timestamp.from(now), q.onChain() == null ? null : q.onChain().feeBps(),
                q.onChain() == null ? null : q.onChain().feeRecipient().lower(),
                q.onChain() == null ? null : q.onChain().stepsHash(),
                q.onChain() == null ? null : q.onChain().destinationCallHash());
        for (int i = 0; i < q.steps().size(); i++) {
            PlanStep s = q.steps().get(i);
            switch (s) {
                case PlanStep.Swap w -> jdbc.update(STEP_INSERT, q.quoteId(), i, "SWAP", w.chain().value(),
                        w.chain().value(), "pool", w.poolId(), w.tokenIn().lower(), w.tokenOut().lower(),
                        w.amountIn().toString(), w.minAmountOut().toString());
                case PlanStep.Bridge b -> jdbc.update(STEP_INSERT, q.quoteId(), i, "BRIDGE", b.chain().value(),
                        b.toChain().value(), b.provider(), null, b.inputToken().lower(), b.outputToken().lower(),
                        b.amountIn().toString(), b.minAmountOut().toString());
            }
        }
    }

    private static final String STEP_INSERT = "INSERT INTO gasless_quote_step (quote_id, step_index, kind, chain,"
            + " to_chain, provider, pool_id, token_in, token_out, amount_in, min_amount_out)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    Optional<QuoteRecord> find(String quoteId) {
        return find(quoteId, false);
    }

    /** Reads the quote and locks its row until the surrounding transaction ends. */
    Optional<QuoteRecord> lock(String quoteId) {
        return find(quoteId, true);
    }

    private Optional<QuoteRecord> find(String quoteId, boolean forUpdate) {
        List<PlanStep> steps = jdbc.query("SELECT * FROM gasless_quote_step WHERE quote_id = ? ORDER BY step_index",
                (rs, i) -> step(rs), quoteId);
        return jdbc.query("SELECT * FROM gasless_quote WHERE quote_id = ?" + (forUpdate ? " FOR UPDATE" : ""),
                (rs, i) -> quote(rs, steps), quoteId).stream().findFirst();
    }

    /** The accepted submission of a quote, if any. */
    Optional<Submission> submission(String quoteId) {
        return jdbc.query("SELECT * FROM gasless_submission WHERE quote_id = ?", (rs, i) -> new Submission(
                rs.getString("quote_id"), rs.getString("signature"), rs.getString("swap_id"),
                rs.getString("executor_tx_id"), new TxHash(rs.getString("execution_tx_hash"))), quoteId)
                .stream().findFirst();
    }

    void insertSubmission(Submission s, Instant now) {
        jdbc.update("INSERT INTO gasless_submission (quote_id, signature, swap_id, executor_tx_id, execution_tx_hash,"
                + " submitted_at) VALUES (?, ?, ?, ?, ?, ?)", s.quoteId(), s.signature(), s.swapId(), s.executorTxId(),
                s.executionTxHash().value(), Timestamp.from(now));
    }

    /**
     * An accepted submission.
     *
     * @param signature the normalised 65-byte signature, {@code 0x}-hex
     */
    record Submission(String quoteId, String signature, String swapId, String executorTxId, TxHash executionTxHash) {
    }

    private static PlanStep step(ResultSet rs) throws SQLException {
        ChainId chain = ChainId.of(rs.getLong("chain"));
        Address in = Address.evm(rs.getString("token_in"));
        Address out = Address.evm(rs.getString("token_out"));
        Amount amountIn = Amount.parse(rs.getString("amount_in"));
        Amount min = Amount.parse(rs.getString("min_amount_out"));
        return "SWAP".equals(rs.getString("kind"))
                ? new PlanStep.Swap(chain, rs.getString("pool_id"), in, out, amountIn, min)
                : new PlanStep.Bridge(rs.getString("provider"), chain, ChainId.of(rs.getLong("to_chain")), in, out,
                        amountIn, min);
    }

    private static QuoteRecord quote(ResultSet rs, List<PlanStep> steps) throws SQLException {
        String providers = rs.getString("providers");
        return new QuoteRecord(rs.getString("quote_id"), rs.getInt("acquisition_mode"), addr(rs, "sender"),
                addr(rs, "receiver"), ChainId.of(rs.getLong("from_chain")), ChainId.of(rs.getLong("to_chain")),
                addr(rs, "from_token"), addr(rs, "to_token"), amount(rs, "amount_in"), amount(rs, "fee_amount"),
                amount(rs, "amount_in_after_fee"), amount(rs, "amount_out"), amount(rs, "amount_out_min"),
                addr(rs, "spender"), addr(rs, "router"), new PermitNonce(rs.getLong("nonce")), rs.getLong("deadline"),
                rs.getString("digest"), rs.getString("inner_data"), rs.getString("route_kind"),
                rs.getInt("bridge_count"), providers.isEmpty() ? List.of() : Arrays.asList(providers.split(",")),
                rs.getString("main_provider"), steps, onChain(rs));
    }

    private static QuoteRecord.OnChain onChain(ResultSet rs) throws SQLException {
        String steps = rs.getString("route_steps_hash");
        return steps == null ? null : new QuoteRecord.OnChain(rs.getInt("route_fee_bps"),
                addr(rs, "route_fee_recipient"), steps, rs.getString("route_destination_call_hash"));
    }

    private static Address addr(ResultSet rs, String column) throws SQLException {
        return Address.evm(rs.getString(column));
    }

    private static Amount amount(ResultSet rs, String column) throws SQLException {
        return Amount.parse(rs.getString(column));
    }
}
