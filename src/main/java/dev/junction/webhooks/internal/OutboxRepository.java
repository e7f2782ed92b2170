package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.webhooks.Owner;
import dev.junction.webhooks.StatusEvent;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The outbox (tables {@code status_followers}, {@code status_events}, and the fan-out into
 * {@code webhook_deliveries}). Callers own the transaction: an event is written in the transaction of the change it
 * reports, together with one delivery row per webhook whose owner follows the transaction, so a crash either keeps the
 * change and everything to deliver, or neither.
 */
final class OutboxRepository {

    private final JdbcClient jdbc;

    OutboxRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Makes {@code owner} a follower of the transaction; nothing when it already is. */
    void follow(ChainId chain, TxHash tx, Owner owner, long nowMs) {
        jdbc.sql("""
                INSERT INTO status_followers (chain_id, tx_hash, owner, created_at_ms)
                SELECT ?, ?, ?, ? WHERE NOT EXISTS
                  (SELECT 1 FROM status_followers WHERE chain_id = ? AND tx_hash = ? AND owner = ?)""")
                .params(chain.value(), tx.value(), owner.value(), nowMs, chain.value(), tx.value(), owner.value())
                .update();
    }

    /**
     * Writes the event and one PENDING delivery to every webhook of every follower of its transaction, due at once.
     *
     * @return how many deliveries it created
     */
    int record(StatusEvent e, String substatus) {
        jdbc.sql("""
                INSERT INTO status_events (id, chain_id, tx_hash, sequence, status, substatus, terminal, body,
                  occurred_at_ms) VALUES (?,?,?,?,?,?,?,?,?)""")
                .params(e.id(), e.chain().value(), e.txHash().value(), e.sequence(), e.status(), substatus,
                        e.terminal(), e.body(), e.occurredAtMs())
                .update();
        return jdbc.sql("""
                INSERT INTO webhook_deliveries (webhook_id, event_id, chain_id, tx_hash, sequence, state, attempts,
                  created_at_ms, next_attempt_at_ms)
                SELECT w.id, ?, ?, ?, ?, 'PENDING', 0, ?, 0 FROM webhooks w
                WHERE w.owner IN (SELECT f.owner FROM status_followers f WHERE f.chain_id = ? AND f.tx_hash = ?)""")
                .params(e.id(), e.chain().value(), e.txHash().value(), e.sequence(), e.occurredAtMs(),
                        e.chain().value(), e.txHash().value())
                .update();
    }

    /** The transaction's events after {@code afterSequence}, in order. */
    List<StatusEvent> since(ChainId chain, TxHash tx, long afterSequence) {
        return jdbc.sql("SELECT * FROM status_events WHERE chain_id = ? AND tx_hash = ? AND sequence > ? "
                + "ORDER BY sequence").params(chain.value(), tx.value(), afterSequence).query(OutboxRepository::event)
                .list();
    }

    /** The transaction's last event. */
    Optional<StatusEvent> latest(ChainId chain, TxHash tx) {
        return jdbc.sql("SELECT * FROM status_events WHERE chain_id = ? AND tx_hash = ? ORDER BY sequence DESC "
                + "LIMIT 1").params(chain.value(), tx.value()).query(OutboxRepository::event).optional();
    }

    Optional<StatusEvent> event(String id) {
        return jdbc.sql("SELECT * FROM status_events WHERE id = ?").param(id).query(OutboxRepository::event)
                .optional();
    }

    /** The highest sequence recorded for the transaction, 0 when none. */
    long lastSequence(ChainId chain, TxHash tx) {
        return jdbc.sql("SELECT COALESCE(MAX(sequence), 0) FROM status_events WHERE chain_id = ? AND tx_hash = ?")
                .params(chain.value(), tx.value()).query(Long.class).single();
    }

    /** Deletes events older than {@code beforeMs} that no delivery waits for, and followers older than it. */
    int purge(long beforeMs) {
        int n = jdbc.sql("""
                DELETE FROM status_events WHERE occurred_at_ms < ? AND NOT EXISTS
                  (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = status_events.id)""").param(beforeMs)
                .update();
        return n + jdbc.sql("DELETE FROM status_followers WHERE created_at_ms < ?").param(beforeMs).update();
    }

    static StatusEvent event(ResultSet rs, int n) throws SQLException {
        return new StatusEvent(rs.getString("id"), ChainId.of(rs.getLong("chain_id")),
                new TxHash(rs.getString("tx_hash")), rs.getLong("sequence"), rs.getString("status"),
                rs.getBoolean("terminal"), rs.getString("body"), rs.getLong("occurred_at_ms"));
    }
}
