package dev.junction.webhooks.internal;

import dev.junction.webhooks.Webhooks.Delivery;
import dev.junction.webhooks.Webhooks.DeliveryState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Table {@code webhook_deliveries}: one row per event and webhook. An instance takes due rows with
 * {@code SELECT ... FOR UPDATE SKIP LOCKED} and a lease (one conditional UPDATE, the same on H2 and PostgreSQL), so
 * instances sharing the database never send one event to one webhook at the same time; a row whose lease expired (its
 * instance died) is taken again. Per webhook and transaction only the lowest pending sequence is due: events arrive in
 * order.
 */
final class DeliveryRepository {

    /** A delivery's key. */
    record Key(String webhookId, String eventId) {
    }

    /** What sending one delivery needs. */
    record Due(Key key, String url, String secret, String body, int attempts, long createdAtMs) {
    }

    private final JdbcClient jdbc;

    DeliveryRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Takes up to {@code limit} due deliveries for {@code instance} until {@code leaseUntilMs}. Run it in a
     * transaction: the row locks of the select hold until the leases are written.
     */
    List<Key> claim(String instance, long nowMs, long leaseUntilMs, int limit) {
        List<Key> candidates = jdbc.sql("""
                SELECT d.webhook_id, d.event_id FROM webhook_deliveries d
                WHERE d.state = 'PENDING' AND d.next_attempt_at_ms <= ?
                  AND (d.lease_until_ms IS NULL OR d.lease_until_ms < ?)
                  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.webhook_id = d.webhook_id
                    AND p.chain_id = d.chain_id AND p.tx_hash = d.tx_hash AND p.sequence < d.sequence
                    AND p.state = 'PENDING')
                ORDER BY d.next_attempt_at_ms LIMIT ? FOR UPDATE SKIP LOCKED""")
                .params(nowMs, nowMs, limit)
                .query((rs, n) -> new Key(rs.getString("webhook_id"), rs.getString("event_id"))).list();
        List<Key> claimed = new ArrayList<>();
        for (Key k : candidates) {
            int n = jdbc.sql("""
                    UPDATE webhook_deliveries SET lease_owner = ?, lease_until_ms = ?
                    WHERE webhook_id = ? AND event_id = ? AND state = 'PENDING'
                      AND (lease_until_ms IS NULL OR lease_until_ms < ?)""")
                    .params(instance, leaseUntilMs, k.webhookId(), k.eventId(), nowMs).update();
            if (n == 1) {
                claimed.add(k);
            }
        }
        return claimed;
    }

    /** The delivery with its webhook's URL and secret and its event's body; empty when the webhook is gone. */
    Optional<Due> due(Key k) {
        return jdbc.sql("""
                SELECT w.url, w.secret, e.body, d.attempts, d.created_at_ms FROM webhook_deliveries d
                JOIN webhooks w ON w.id = d.webhook_id JOIN status_events e ON e.id = d.event_id
                WHERE d.webhook_id = ? AND d.event_id = ?""").params(k.webhookId(), k.eventId())
                .query((rs, n) -> new Due(k, rs.getString("url"), rs.getString("secret"), rs.getString("body"),
                        rs.getInt("attempts"), rs.getLong("created_at_ms"))).optional();
    }

    /** A 2xx answered; false when {@code instance} no longer held the lease. */
    boolean delivered(Key k, String instance, long nowMs, int httpStatus) {
        return jdbc.sql("""
                UPDATE webhook_deliveries SET state = 'DELIVERED', attempts = attempts + 1, delivered_at_ms = ?,
                  last_http_status = ?, last_error = NULL, lease_owner = NULL, lease_until_ms = NULL
                WHERE webhook_id = ? AND event_id = ? AND lease_owner = ?""")
                .params(nowMs, httpStatus, k.webhookId(), k.eventId(), instance).update() == 1;
    }

    /**
     * An attempt failed: due again at {@code nextAttemptAtMs}, or DEAD; false when {@code instance} no longer held the
     * lease.
     */
    boolean failed(Key k, String instance, long nextAttemptAtMs, Integer httpStatus, String error, boolean dead) {
        return jdbc.sql("""
                UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, next_attempt_at_ms = ?,
                  last_http_status = ?, last_error = ?, lease_owner = NULL, lease_until_ms = NULL
                WHERE webhook_id = ? AND event_id = ? AND lease_owner = ?""")
                .params(dead ? "DEAD" : "PENDING", nextAttemptAtMs, httpStatus, truncate(error), k.webhookId(),
                        k.eventId(), instance).update() == 1;
    }

    /** Gives back the lease of a delivery not attempted (this instance is stopping). */
    void release(Key k, String instance) {
        jdbc.sql("UPDATE webhook_deliveries SET lease_owner = NULL, lease_until_ms = NULL "
                + "WHERE webhook_id = ? AND event_id = ? AND lease_owner = ?")
                .params(k.webhookId(), k.eventId(), instance).update();
    }

    /** Deletes a delivery whose webhook was removed. */
    void delete(Key k) {
        jdbc.sql("DELETE FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?")
                .params(k.webhookId(), k.eventId()).update();
    }

    /** The webhook's deliveries, newest first. */
    List<Delivery> list(String webhookId, DeliveryState state, int limit) {
        String filter = state == null ? "" : " AND d.state = ?";
        List<Object> params = new ArrayList<>(List.of(webhookId));
        if (state != null) {
            params.add(state.name());
        }
        params.add(limit);
        return jdbc.sql("""
                SELECT d.*, e.status FROM webhook_deliveries d JOIN status_events e ON e.id = d.event_id
                WHERE d.webhook_id = ?""" + filter + " ORDER BY d.created_at_ms DESC, d.sequence DESC LIMIT ?")
                .params(params).query(DeliveryRepository::delivery).list();
    }

    /** Pending deliveries: how many, and the creation time of the oldest (null when none). */
    record Backlog(long pending, Long oldestCreatedAtMs) {
    }

    Backlog backlog() {
        return jdbc.sql("SELECT COUNT(*) AS n, MIN(created_at_ms) AS oldest FROM webhook_deliveries "
                + "WHERE state = 'PENDING'").query((rs, n) -> {
                    long oldest = rs.getLong("oldest");
                    return new Backlog(rs.getLong("n"), rs.wasNull() ? null : oldest);
                }).single();
    }

    /** Deletes delivered and dead deliveries created before {@code beforeMs}. */
    int purge(long beforeMs) {
        return jdbc.sql("DELETE FROM webhook_deliveries WHERE state <> 'PENDING' AND created_at_ms < ?")
                .param(beforeMs).update();
    }

    private static Delivery delivery(ResultSet rs, int n) throws SQLException {
        DeliveryState state = DeliveryState.valueOf(rs.getString("state"));
        int http = rs.getInt("last_http_status");
        Integer lastHttp = rs.wasNull() ? null : http;
        long delivered = rs.getLong("delivered_at_ms");
        Long deliveredAt = rs.wasNull() ? null : delivered;
        return new Delivery(rs.getString("event_id"), rs.getLong("chain_id"), rs.getString("tx_hash"),
                rs.getLong("sequence"), rs.getString("status"), state, rs.getInt("attempts"), lastHttp,
                rs.getString("last_error"), rs.getLong("created_at_ms"),
                state == DeliveryState.PENDING ? rs.getLong("next_attempt_at_ms") : null, deliveredAt);
    }

    private static String truncate(String s) {
        return s == null || s.length() <= 400 ? s : s.substring(0, 399) + "…";
    }
}
