package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.execution.PlanStep;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.stereotype.Repository;

/**
 * Gasless quotes, their steps and their submissions (tables of V4__gasless.sql).
 *
 * <p>Issuing a quote ({@link #issue}) writes its Permit2 nonce, the quote and its steps in one transaction and returns
 * once that transaction has committed, so the quote can be submitted on any instance as soon as it is answered. The
 * commits of concurrent issues are grouped: the caller that takes the write lock writes every quote waiting at that
 * moment in one transaction (JDBC batches), and the callers whose quotes it wrote return without a commit of their
 * own. With H2 ({@code WRITE_DELAY=0}) every commit writes a chunk to the file and with PostgreSQL every commit is a
 * WAL flush, so under load one commit carries many quotes.
 *
 * <p>Commit delay (PostgreSQL's {@code commit_delay} with {@code commit_siblings}): while other gasless quotes are
 * being prepared ({@link #preparing()}: planned and signed, about to be issued), the writer waits up to
 * {@link #COMMIT_DELAY_NANOS} for them to join its group before it commits. A commit's cost is mostly fixed (H2
 * serialises every changed page of the tables and indexes into a chunk of 30-60 KB), so fewer, larger groups cost
 * less CPU and write less per quote (issue 17, PERFORMANCE "tenth pass"). A lone quote, with nothing else in
 * preparation, is written at once.
 */
@Repository
class GaslessQuoteStore {

    /** Most quotes one grouped commit carries. */
    static final int MAX_GROUP = 256;

    /** Most quotes one transaction of {@link #purgeExpired} deletes. */
    static final int PURGE_BATCH = 500;

    /** Longest wait of a group's writer for quotes still in preparation, by default. */
    static final long COMMIT_DELAY_NANOS = 1_000_000;

    private final long commitDelayNanos;
    /** Grouped commits written, and how many of them waited for quotes in preparation first. */
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong delayedCommits = new AtomicLong();

    /** Quotes between {@link #preparing()} and their {@link #issue} (or the failure of their preparation). */
    private final AtomicInteger inPreparation = new AtomicInteger();

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final Queue<Issue> waiting = new ConcurrentLinkedQueue<>();
    private final ReentrantLock writing = new ReentrantLock();

    @Autowired
    GaslessQuoteStore(JdbcTemplate jdbc) {
        this(jdbc, COMMIT_DELAY_NANOS);
    }

    /** @param commitDelayNanos the writer's longest wait for quotes in preparation (tests set a long one) */
    GaslessQuoteStore(JdbcTemplate jdbc, long commitDelayNanos) {
        this.commitDelayNanos = commitDelayNanos;
        this.jdbc = jdbc;
        this.transaction = new TransactionTemplate(new DataSourceTransactionManager(jdbc.getDataSource()));
    }

    /** The database refused the quote's nonce as a duplicate: another request or instance took it first. */
    static final class NonceTakenException extends RuntimeException {
        NonceTakenException(PermitNonce nonce, Throwable cause) {
            super("Permit2 nonce " + nonce.value() + " is taken", cause);
        }
    }

    /**
     * A quote waiting for its commit. {@code failure} is written before {@code done}; the thread waits (parked) until
     * its quote is done or it is promoted to write the next group.
     */
    private static final class Issue {
        final QuoteRecord quote;
        final Instant now;
        final Thread thread = Thread.currentThread();
        RuntimeException failure;
        volatile boolean done;
        volatile boolean promoted;

        Issue(QuoteRecord quote, Instant now) {
            this.quote = quote;
            this.now = now;
        }

        void finish(RuntimeException failure) {
            this.failure = failure;
            this.done = true;
            if (thread != Thread.currentThread()) {
                LockSupport.unpark(thread);
            }
        }

        void promote() {
            promoted = true;
            LockSupport.unpark(thread);
        }
    }

    /**
     * Inserts the quote's nonce (table {@code gasless_nonce}, reserved at {@code now}), the quote and its steps in one
     * transaction, grouped with the quotes other threads issue at the same time; returns once it has committed.
     *
     * <p>Group commit: the caller that gets the write lock writes everything waiting (at most {@link #MAX_GROUP}),
     * wakes each caller whose quote it wrote, and then promotes the oldest quote still waiting, whose caller takes the
     * lock next and writes what gathered meanwhile. A caller never writes other callers' quotes after its own is done
     * beyond that one group, and a quote queued while a group is written is never left without a writer: its caller
     * either gets the lock itself or is queued before the writer releases it and promotes the head.
     *
     * @throws NonceTakenException when the nonce row exists already (nothing of this quote is written)
     */
    void issue(QuoteRecord quote, Instant now) {
        issue(quote, now, null);
    }

    /**
     * {@link #issue(QuoteRecord, Instant)} for a quote that was marked {@link #preparing()}: it is no longer in
     * preparation from here on.
     */
    void issue(QuoteRecord quote, Instant now, Preparation preparation) {
        Issue mine = new Issue(quote, now);
        waiting.add(mine);
        if (preparation != null) {
            // after joining the queue: a writer that sees this quote out of preparation also finds it waiting
            preparation.close();
        }
        while (!mine.done) {
            if (writing.tryLock()) {
                try {
                    awaitCompany();
                    List<Issue> group = new ArrayList<>();
                    for (Issue next; group.size() < MAX_GROUP && (next = waiting.poll()) != null; ) {
                        group.add(next);
                    }
                    try {
                        write(group);
                    } finally {
                        for (Issue i : group) {
                            if (!i.done) { // an Error escaped write: fail them rather than leave them parked
                                i.finish(new IllegalStateException("writing the gasless quote failed"));
                            }
                        }
                    }
                } finally {
                    writing.unlock();
                }
                Issue head = waiting.peek();
                if (head != null) {
                    head.promote();
                }
            } else {
                while (!mine.done && !mine.promoted) {
                    LockSupport.park(this);
                }
                mine.promoted = false;
            }
        }
        if (mine.failure != null) {
            throw mine.failure;
        }
    }

    /**
     * Marks one quote as being prepared until it is issued or the returned handle is closed (when its preparation
     * fails): a group's writer waits up to {@link #COMMIT_DELAY_NANOS} while quotes are in preparation.
     */
    Preparation preparing() {
        inPreparation.incrementAndGet();
        return new Preparation();
    }

    /** A quote in preparation; closing it twice counts once. */
    final class Preparation implements AutoCloseable {
        private boolean closed;

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                inPreparation.decrementAndGet();
            }
        }
    }

    /** Quotes in preparation, not yet issued. */
    int stillPreparing() {
        return inPreparation.get();
    }

    /** Grouped commits written so far, and how many of them first waited for quotes in preparation. */
    long[] commits() {
        return new long[] {commits.get(), delayedCommits.get()};
    }

    /** The writer's commit delay: waits, up to commitDelayNanos, while quotes are still in preparation. */
    private void awaitCompany() {
        if (stillPreparing() <= 0) {
            return;
        }
        delayedCommits.incrementAndGet();
        long deadline = System.nanoTime() + commitDelayNanos;
        long pause = Math.max(1, Math.min(commitDelayNanos / 10, 100_000));
        while (stillPreparing() > 0 && waiting.size() < MAX_GROUP && System.nanoTime() < deadline) {
            LockSupport.parkNanos(pause);
        }
    }


    /**
     * Writes the group in one transaction. When the database refuses it for a duplicate or a conflict, each quote is
     * written in its own transaction, so one taken nonce fails only its own quote; any other failure (the database is
     * down) fails the whole group at once.
     */
    private void write(List<Issue> group) {
        if (group.isEmpty()) {
            return;
        }
        commits.incrementAndGet();
        RuntimeException failure = null;
        try {
            transaction.executeWithoutResult(status -> insertAll(group));
        } catch (RuntimeException e) {
            failure = e;
        }
        boolean oneMayBeAtFault = failure instanceof DataIntegrityViolationException
                || failure instanceof ConcurrencyFailureException;
        for (Issue i : group) {
            i.finish(oneMayBeAtFault ? writeAlone(i) : failure);
        }
    }

    /** Writes one quote in its own transaction; returns the failure, or null. */
    private RuntimeException writeAlone(Issue i) {
        try {
            transaction.executeWithoutResult(status -> {
                try {
                    jdbc.update(GaslessNonceStore.INSERT,
                            GaslessNonceStore.insertArgs(i.quote.sender(), i.quote.nonce(), i.now));
                } catch (DataIntegrityViolationException | ConcurrencyFailureException raced) {
                    throw new NonceTakenException(i.quote.nonce(), raced);
                }
                insertQuotes(List.of(i));
            });
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    private void insertAll(List<Issue> group) {
        List<Object[]> nonces = new ArrayList<>(group.size());
        for (Issue i : group) {
            nonces.add(GaslessNonceStore.insertArgs(i.quote.sender(), i.quote.nonce(), i.now));
        }
        jdbc.batchUpdate(GaslessNonceStore.INSERT, nonces);
        insertQuotes(group);
    }

    private void insertQuotes(List<Issue> group) {
        List<Object[]> quotes = new ArrayList<>(group.size());
        List<Object[]> steps = new ArrayList<>();
        for (Issue i : group) {
            quotes.add(quoteRow(i.quote, i.now));
            stepRows(i.quote, steps);
        }
        jdbc.batchUpdate(QUOTE_INSERT, quotes);
        if (!steps.isEmpty()) {
            jdbc.batchUpdate(STEP_INSERT, steps);
        }
    }

    private static final String QUOTE_INSERT = "INSERT INTO gasless_quote (quote_id, acquisition_mode, sender, receiver,"
            + " from_chain, to_chain, from_token, to_token, amount_in, fee_amount, amount_in_after_fee, amount_out,"
            + " amount_out_min, spender, router, nonce, deadline, digest, inner_call, route_kind, bridge_count, providers,"
            + " main_provider, created_at, route_fee_bps, route_fee_recipient, route_steps_hash,"
            + " route_destination_call_hash, route_fallback_address)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private static Object[] quoteRow(QuoteRecord q, Instant now) {
        return new Object[] {q.quoteId(), q.acquisitionMode(), q.sender().lower(), q.receiver().lower(),
                q.fromChain().value(), q.toChain().value(), q.fromToken().lower(), q.toToken().lower(),
                q.amountIn().toString(), q.feeAmount().toString(), q.amountInAfterFee().toString(),
                q.amountOut().toString(), q.amountOutMin().toString(), q.spender().lower(), q.router().lower(),
                q.nonce().value(), q.deadline(), q.digest(), Hex.decode(q.innerData()), q.routeKind(), q.bridgeCount(),
                String.join(",", q.providers()), q.mainProvider(), Timestamp.from(now),
                q.onChain() == null ? null : q.onChain().feeBps(),
                q.onChain() == null ? null : q.onChain().feeRecipient().lower(),
                q.onChain() == null ? null : q.onChain().stepsHash(),
                q.onChain() == null ? null : q.onChain().destinationCallHash(),
                q.onChain() == null ? null : q.onChain().fallbackAddress().lower()};
    }

    private static void stepRows(QuoteRecord q, List<Object[]> out) {
        for (int i = 0; i < q.steps().size(); i++) {
            PlanStep s = q.steps().get(i);
            out.add(switch (s) {
                case PlanStep.Swap w -> new Object[] {q.quoteId(), i, "SWAP", w.chain().value(), w.chain().value(),
                        "pool", w.poolId(), w.tokenIn().lower(), w.tokenOut().lower(), w.amountIn().toString(),
                        w.minAmountOut().toString(), null};
                case PlanStep.Bridge b -> new Object[] {q.quoteId(), i, "BRIDGE", b.chain().value(),
                        b.toChain().value(), b.provider(), null, b.inputToken().lower(), b.outputToken().lower(),
                        b.amountIn().toString(), b.minAmountOut().toString(), null};
                case PlanStep.Leg l -> new Object[] {q.quoteId(), i, "LEG", l.chain().value(), l.chain().value(),
                        "", null, l.tokenIn().lower(), l.tokenOut().lower(), l.amountIn().toString(),
                        l.minAmountOut().toString(), l.shareBps()};
            });
        }
    }

    private static final String STEP_INSERT = "INSERT INTO gasless_quote_step (quote_id, step_index, kind, chain,"
            + " to_chain, provider, pool_id, token_in, token_out, amount_in, min_amount_out, share_bps)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

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

    /**
     * Deletes the quotes (and their steps) whose permit deadline is before {@code deadlineBefore} and that were never
     * submitted, oldest first, in transactions of at most {@link #PURGE_BATCH} quotes. Their nonce rows stay: a Permit2
     * nonce Junction handed out is never handed out again. A submitted quote stays with its submission (the swap's
     * record).
     *
     * @param deadlineBefore Unix seconds
     * @return how many quotes were deleted
     */
    int purgeExpired(long deadlineBefore) {
        int deleted = 0;
        while (true) {
            List<String> ids = jdbc.queryForList("SELECT q.quote_id FROM gasless_quote q WHERE q.deadline < ?"
                    + " AND NOT EXISTS (SELECT 1 FROM gasless_submission s WHERE s.quote_id = q.quote_id)"
                    + " ORDER BY q.deadline LIMIT " + PURGE_BATCH, String.class, deadlineBefore);
            if (ids.isEmpty()) {
                return deleted;
            }
            List<Object[]> args = ids.stream().map(id -> new Object[] {id}).toList();
            Integer batch = transaction.execute(status -> {
                jdbc.batchUpdate("DELETE FROM gasless_quote_step WHERE quote_id = ?", args);
                return Arrays.stream(jdbc.batchUpdate("DELETE FROM gasless_quote WHERE quote_id = ?", args)).sum();
            });
            deleted += batch == null ? 0 : batch;
            if (ids.size() < PURGE_BATCH) {
                return deleted;
            }
        }
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
        return switch (rs.getString("kind")) {
            case "SWAP" -> new PlanStep.Swap(chain, rs.getString("pool_id"), in, out, amountIn, min);
            case "LEG" -> new PlanStep.Leg(chain, in, out, rs.getInt("share_bps"), amountIn);
            default -> new PlanStep.Bridge(rs.getString("provider"), chain, ChainId.of(rs.getLong("to_chain")), in,
                    out, amountIn, min);
        };
    }

    private static QuoteRecord quote(ResultSet rs, List<PlanStep> steps) throws SQLException {
        String providers = rs.getString("providers");
        return new QuoteRecord(rs.getString("quote_id"), rs.getInt("acquisition_mode"), addr(rs, "sender"),
                addr(rs, "receiver"), ChainId.of(rs.getLong("from_chain")), ChainId.of(rs.getLong("to_chain")),
                addr(rs, "from_token"), addr(rs, "to_token"), amount(rs, "amount_in"), amount(rs, "fee_amount"),
                amount(rs, "amount_in_after_fee"), amount(rs, "amount_out"), amount(rs, "amount_out_min"),
                addr(rs, "spender"), addr(rs, "router"), new PermitNonce(rs.getLong("nonce")), rs.getLong("deadline"),
                rs.getString("digest"), innerData(rs), rs.getString("route_kind"),
                rs.getInt("bridge_count"), providers.isEmpty() ? List.of() : Arrays.asList(providers.split(",")),
                rs.getString("main_provider"), steps, onChain(rs));
    }

    /** The router call as 0x-hex: from its bytes ({@code inner_call}), or the hex text of a row written before V17_5. */
    private static String innerData(ResultSet rs) throws SQLException {
        byte[] call = rs.getBytes("inner_call");
        return call != null ? Hex.encode(call) : rs.getString("inner_data");
    }

    private static QuoteRecord.OnChain onChain(ResultSet rs) throws SQLException {
        String steps = rs.getString("route_steps_hash");
        if (steps == null) {
            return null;
        }
        String fallback = rs.getString("route_fallback_address");
        return new QuoteRecord.OnChain(rs.getInt("route_fee_bps"), addr(rs, "route_fee_recipient"), steps,
                rs.getString("route_destination_call_hash"),
                fallback == null ? addr(rs, "sender") : Address.evm(fallback));
    }

    private static Address addr(ResultSet rs, String column) throws SQLException {
        return Address.evm(rs.getString(column));
    }

    private static Amount amount(ResultSet rs, String column) throws SQLException {
        return Amount.parse(rs.getString(column));
    }
}
