package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Table {@code status_watches}: transactions followed by reading their /status answer again and again (wallet-sent
 * routes). An instance takes a due watch with a lease (one conditional UPDATE), so one instance at a time reads it.
 */
final class WatchRepository {

    /** A watch's key. */
    record Key(ChainId chain, TxHash tx) {
    }

    /**
     * @param fingerprint what the last recorded event said (status, substatus, destination transaction), or null
     * @param sequence the last recorded event's sequence, 0 before the first
     */
    record Watch(Key key, String fingerprint, long sequence, long expiresAtMs) {
    }

    private final JdbcClient jdbc;

    WatchRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Starts following the transaction until {@code expiresAtMs}, or goes on following it: an ended watch that did not
     * reach a terminal status is taken up again, and the later expiry holds.
     */
    void ensure(Key k, long nowMs, long expiresAtMs) {
        int n = jdbc.sql("""
                UPDATE status_watches SET done = CASE WHEN terminal THEN done ELSE FALSE END,
                  expires_at_ms = CASE WHEN expires_at_ms < ? THEN ? ELSE expires_at_ms END, next_poll_at_ms = ?
                WHERE chain_id = ? AND tx_hash = ?""")
                .params(expiresAtMs, expiresAtMs, nowMs, k.chain().value(), k.tx().value()).update();
        if (n == 0) {
            jdbc.sql("""
                    INSERT INTO status_watches (chain_id, tx_hash, sequence, done, terminal, next_poll_at_ms,
                      expires_at_ms, created_at_ms)
                    SELECT ?, ?, 0, FALSE, FALSE, ?, ?, ? WHERE NOT EXISTS
                      (SELECT 1 FROM status_watches WHERE chain_id = ? AND tx_hash = ?)""")
                    .params(k.chain().value(), k.tx().value(), nowMs, expiresAtMs, nowMs, k.chain().value(),
                            k.tx().value()).update();
        }
    }

    /** Watches due by {@code nowMs} whose lease is free. */
    List<Key> due(long nowMs, int limit) {
        return jdbc.sql("SELECT chain_id, tx_hash FROM status_watches WHERE done = FALSE AND next_poll_at_ms <= ? "
                + "AND (lease_until_ms IS NULL OR lease_until_ms < ?) ORDER BY next_poll_at_ms LIMIT ?")
                .params(nowMs, nowMs, limit)
                .query((rs, n) -> new Key(ChainId.of(rs.getLong("chain_id")), new TxHash(rs.getString("tx_hash"))))
                .list();
    }

    /** Takes the watch's lease; false when another instance holds it. */
    boolean claim(Key k, String instance, long nowMs, long leaseUntilMs) {
        return jdbc.sql("UPDATE status_watches SET lease_owner = ?, lease_until_ms = ? WHERE chain_id = ? "
                + "AND tx_hash = ? AND done = FALSE AND (lease_until_ms IS NULL OR lease_until_ms < ?)")
                .params(instance, leaseUntilMs, k.chain().value(), k.tx().value(), nowMs).update() == 1;
    }

    Optional<Watch> load(Key k) {
        return jdbc.sql("SELECT fingerprint, sequence, expires_at_ms FROM status_watches WHERE chain_id = ? "
                + "AND tx_hash = ?").params(k.chain().value(), k.tx().value())
                .query((rs, n) -> new Watch(k, rs.getString("fingerprint"), rs.getLong("sequence"),
                        rs.getLong("expires_at_ms"))).optional();
    }

    /** Puts the watch back, due again at {@code nextPollAtMs}; {@code done} ends it. */
    void release(Key k, String instance, long nextPollAtMs, boolean done) {
        jdbc.sql("UPDATE status_watches SET lease_owner = NULL, lease_until_ms = NULL, next_poll_at_ms = ?, "
                + "done = ? WHERE chain_id = ? AND tx_hash = ? AND lease_owner = ?")
                .params(nextPollAtMs, done, k.chain().value(), k.tx().value(), instance).update();
    }

    /**
     * Records that an event with {@code fingerprint} and {@code sequence} was written (in its transaction) and puts the
     * watch back; false when {@code instance} no longer held the lease (the caller rolls back).
     */
    boolean recorded(Key k, String instance, String fingerprint, long sequence, boolean terminal, long nextPollAtMs) {
        return jdbc.sql("""
                UPDATE status_watches SET fingerprint = ?, sequence = ?, terminal = ?, done = ?,
                  next_poll_at_ms = ?, lease_owner = NULL, lease_until_ms = NULL
                WHERE chain_id = ? AND tx_hash = ? AND lease_owner = ?""")
                .params(fingerprint, sequence, terminal, terminal, nextPollAtMs, k.chain().value(), k.tx().value(),
                        instance).update() == 1;
    }

    /** Deletes ended watches created before {@code beforeMs}. */
    int purge(long beforeMs) {
        return jdbc.sql("DELETE FROM status_watches WHERE done = TRUE AND created_at_ms < ?").param(beforeMs)
                .update();
    }
}
