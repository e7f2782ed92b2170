package dev.junction.api.quote;

import dev.junction.api.QuoteRequest;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** Tables {@code quote} and {@code quote_route} (V2__quotes.sql): batch insert, lookup by quoteId or pathId. */
public class QuoteRepository {

    private final JdbcTemplate jdbc;
    private final JdbcClient client;
    private final JsonMapper json;

    public QuoteRepository(JdbcTemplate jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.client = JdbcClient.create(jdbc);
        this.json = json;
    }

    /** Inserts the quotes and their routes with two JDBC batches. */
    public void insertAll(List<StoredQuote> quotes) {
        if (quotes.isEmpty()) {
            return;
        }
        List<Object[]> quoteRows = new ArrayList<>(quotes.size());
        List<Object[]> routeRows = new ArrayList<>();
        for (StoredQuote q : quotes) {
            QuoteRequest r = q.request();
            quoteRows.add(new Object[] {q.quoteId(), Timestamp.from(q.createdAt()), Timestamp.from(q.expiresAt()),
                    q.marketVersion(), r.fromChain().value(), r.toChain().value(), r.fromToken().value(),
                    r.toToken().value(), r.amount().toString(), r.sender().value(), r.receiver().value(), r.feeBps(),
                    r.slippage() == null ? null : r.slippage().toString(), r.routeMode().wire(), r.allowMultiBridge(),
                    r.acquisitionMode() == null ? null : r.acquisitionMode().code(), r.integrator(), r.referrer(),
                    json.writeValueAsString(r)});
            for (StoredQuote.Route route : q.routes()) {
                routeRows.add(new Object[] {route.pathId(), q.quoteId(), route.rank(), route.view().amountOut(),
                        route.view().minAmountOut(), json.writeValueAsString(route.view())});
            }
        }
        jdbc.batchUpdate("INSERT INTO quote (quote_id, created_at, expires_at, market_version, from_chain, to_chain, "
                + "from_token, to_token, amount, sender, receiver, fee_bps, slippage, route_mode, allow_multi_bridge, "
                + "acquisition_mode, integrator, referrer, request_json) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", quoteRows);
        jdbc.batchUpdate("INSERT INTO quote_route (path_id, quote_id, rank_index, amount_out, min_amount_out, plan_json) "
                + "VALUES (?, ?, ?, ?, ?, ?)", routeRows);
    }

    public Optional<StoredQuote> findByQuoteId(String quoteId) {
        Optional<StoredQuote> head = client.sql("SELECT quote_id, created_at, expires_at, market_version, request_json "
                        + "FROM quote WHERE quote_id = ?").param(quoteId)
                .query((rs, n) -> new StoredQuote(rs.getString(1), rs.getTimestamp(2).toInstant(),
                        rs.getTimestamp(3).toInstant(), rs.getLong(4),
                        json.readValue(rs.getString(5), QuoteRequest.class), List.of()))
                .optional();
        return head.map(q -> new StoredQuote(q.quoteId(), q.createdAt(), q.expiresAt(), q.marketVersion(), q.request(),
                routes(q.quoteId())));
    }

    public Optional<String> quoteIdOfPath(String pathId) {
        return client.sql("SELECT quote_id FROM quote_route WHERE path_id = ?").param(pathId).query(String.class)
                .optional();
    }

    private List<StoredQuote.Route> routes(String quoteId) {
        return client.sql("SELECT path_id, rank_index, plan_json FROM quote_route WHERE quote_id = ? ORDER BY rank_index")
                .param(quoteId)
                .query((rs, n) -> new StoredQuote.Route(rs.getString(1), rs.getInt(2), Optional.empty(),
                        json.readValue(rs.getString(3), QuoteViews.RouteView.class)))
                .list();
    }
}
