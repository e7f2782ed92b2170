package dev.junction.quote;

import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PlannedRoute;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Table {@code quote} (V6__compact_quotes.sql, V18_1__quote_plan_bytes.sql): one row per quote with the request and
 * the routes' compact plans ({@link PlanCodec} bytes in {@code plan_bytes}; rows written before V18_1 hold text of an
 * earlier format in {@code plans}, read by {@link PlanText}); batch insert, lookup by quoteId (a pathId names its
 * quote), deletion of old rows.
 */
public class QuoteRepository {

    private final JdbcTemplate jdbc;
    private final JdbcClient client;
    private final JsonMapper json;
    private final PlanText planText;
    private final Supplier<MarketSnapshot> market;
    private final TransactionTemplate transaction;

    /** @param market the snapshot in force, to resolve the pools, lanes and providers of plans read back */
    public QuoteRepository(JdbcTemplate jdbc, JsonMapper json, Supplier<MarketSnapshot> market) {
        this.jdbc = jdbc;
        this.client = JdbcClient.create(jdbc);
        this.json = json;
        this.planText = new PlanText(json);
        this.market = market;
        this.transaction = new TransactionTemplate(new DataSourceTransactionManager(jdbc.getDataSource()));
    }

    /** The quote's stored form: its routes' plans encoded once, for the memory and for its row. */
    EncodedQuote encode(StoredQuote q) {
        return new EncodedQuote(q.quoteId(), q.createdAt(), q.expiresAt(), q.marketVersion(), q.request(),
                q.routeCount(), PlanCodec.encode(q.routes().stream().map(StoredQuote.Route::plan).toList()),
                q.blockNumber());
    }

    /** The quote with its routes rebuilt on the current market (see {@link #findByQuoteId}). */
    StoredQuote decode(EncodedQuote q) {
        return read(q.quoteId(), q.createdAt(), q.expiresAt(), q.marketVersion(), q.request(),
                PlanCodec.decode(q.plans(), market.get()), q.blockNumber());
    }

    /**
     * Inserts the quotes with one JDBC batch in one transaction (with autocommit every row would be its own commit,
     * which H2 with WRITE_DELAY=0 writes to its file).
     */
    void insertEncoded(List<EncodedQuote> quotes) {
        if (quotes.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>(quotes.size());
        for (EncodedQuote q : quotes) {
            QuoteRequest r = q.request();
            rows.add(new Object[] {q.quoteId(), Timestamp.from(q.createdAt()), Timestamp.from(q.expiresAt()),
                    q.marketVersion(), r.fromChain().value(), r.toChain().value(), r.fromToken().value(),
                    r.toToken().value(), r.amount().toString(), r.sender().value(), r.receiver().value(), r.feeBps(),
                    r.slippage() == null ? null : r.slippage().toString(), r.routeMode().wire(), r.allowMultiBridge(),
                    r.acquisitionMode() == null ? null : r.acquisitionMode().code(), r.integrator(), r.referrer(),
                    q.routeCount(), json.writeValueAsString(r), q.plans()});
        }
        String insert = "INSERT INTO quote (quote_id, created_at, expires_at, market_version, from_chain, to_chain, "
                + "from_token, to_token, amount, sender, receiver, fee_bps, slippage, route_mode, allow_multi_bridge, "
                + "acquisition_mode, integrator, referrer, route_count, request_json, plan_bytes) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
        transaction.executeWithoutResult(t -> jdbc.batchUpdate(insert, rows));
    }

    /**
     * The quote with its routes rebuilt on the current market, each with the view {@code /quote} answered. A route
     * whose pool, lane or provider the market no longer has is left out (its pathId then finds no route).
     */
    public Optional<StoredQuote> findByQuoteId(String quoteId) {
        return client.sql("SELECT quote_id, created_at, expires_at, market_version, request_json, plan_bytes, plans "
                        + "FROM quote WHERE quote_id = ?").param(quoteId)
                .query((rs, n) -> {
                    byte[] bytes = rs.getBytes(6);
                    MarketSnapshot snapshot = market.get();
                    List<Optional<PlannedRoute>> routes = bytes != null ? PlanCodec.decode(bytes, snapshot)
                            : planText.decode(rs.getString(7), snapshot);
                    return read(rs.getString(1), rs.getTimestamp(2).toInstant(), rs.getTimestamp(3).toInstant(),
                            rs.getLong(4), json.readValue(rs.getString(5), QuoteRequest.class), routes, null);
                })
                .optional();
    }

    /** Deletes the quotes that expired before {@code cutoff}; returns how many. */
    public int deleteExpiredBefore(Instant cutoff) {
        return client.sql("DELETE FROM quote WHERE expires_at < ?").param(Timestamp.from(cutoff)).update();
    }

    private static StoredQuote read(String quoteId, Instant createdAt, Instant expiresAt, long version,
            QuoteRequest request, List<Optional<PlannedRoute>> decoded, Long blockNumber) {
        List<StoredQuote.Route> routes = new ArrayList<>(decoded.size());
        for (int rank = 0; rank < decoded.size(); rank++) {
            if (decoded.get(rank).isPresent()) {
                PlannedRoute plan = decoded.get(rank).get();
                String pathId = StoredQuote.pathId(quoteId, rank);
                routes.add(new StoredQuote.Route(pathId, rank, plan));
            }
        }
        return new StoredQuote(quoteId, createdAt, expiresAt, version, request, routes, decoded.size(), blockNumber);
    }
}
