package dev.junction.execution.cctp;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.protocol.cctp.CctpMessages.Message;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The redeemer's ledger (tables of V39_8): one row per CCTP leg, keyed by (source chain, burn nonce), and per source
 * chain the next block to read. Callers own the database transaction. The same SQL runs on H2 and PostgreSQL.
 */
final class CctpRedemptionStore {

    private static final HexFormat HEX = HexFormat.of();
    /** Longest {@code last_error} kept. */
    static final int ERROR_LENGTH = 1000;

    private final JdbcClient jdbc;

    CctpRedemptionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The next block to read on {@code chain}, empty before the first pass there. */
    OptionalLong cursor(ChainId chain) {
        return jdbc.sql("SELECT next_block FROM cctp_cursors WHERE source_chain_id = ?").param(chain.value())
                .query(Long.class).optional().map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    /** Sets the next block to read on {@code chain} (never lowers it: another instance may be ahead). */
    void advance(ChainId chain, long nextBlock, long nowMs) {
        jdbc.sql("INSERT INTO cctp_cursors (source_chain_id, next_block, updated_at_ms) VALUES (?, ?, ?) "
                + "ON CONFLICT DO NOTHING").params(chain.value(), nextBlock, nowMs).update();
        jdbc.sql("UPDATE cctp_cursors SET next_block = GREATEST(next_block, ?), updated_at_ms = ? "
                + "WHERE source_chain_id = ?").params(nextBlock, nowMs, chain.value()).update();
    }

    /** Records a leg found (ATTESTING); false when it was already recorded. */
    boolean insert(CctpRedemption r, long nowMs) {
        return jdbc.sql("""
                INSERT INTO cctp_redemptions (source_chain_id, burn_nonce, leg_nonce, source_tx_hash, source_block,
                  destination_chain_id, receiver, burn_message, leg_message, message, state, attempts,
                  next_attempt_at_ms, created_at_ms, updated_at_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                ON CONFLICT DO NOTHING""")
                .params(r.sourceChain().value(), r.burnNonce(), r.legNonce(), r.sourceTx().value(), r.sourceBlock(),
                        r.destinationChain().value(), r.receiver().lower(), HEX.formatHex(r.burn().raw()),
                        HEX.formatHex(r.leg().raw()), HEX.formatHex(r.message()), r.state().name(), r.attempts(),
                        r.nextAttemptAtMs(), nowMs, nowMs)
                .update() == 1;
    }

    Optional<CctpRedemption> find(ChainId sourceChain, long burnNonce) {
        return jdbc.sql("SELECT * FROM cctp_redemptions WHERE source_chain_id = ? AND burn_nonce = ?")
                .params(sourceChain.value(), burnNonce).query(this::map).optional();
    }

    /** The open rows (ATTESTING, SENDING) due at {@code nowMs}, oldest first, at most {@code limit}. */
    List<CctpRedemption> due(long nowMs, int limit) {
        return jdbc.sql("SELECT * FROM cctp_redemptions WHERE state IN ('ATTESTING', 'SENDING') AND "
                + "next_attempt_at_ms <= ? ORDER BY next_attempt_at_ms, source_chain_id, burn_nonce LIMIT ?")
                .params(nowMs, limit).query(this::map).list();
    }

    /** Both attestations, still ATTESTING (the redeem is prepared next). */
    void attested(CctpRedemption r, byte[] burnAttestation, byte[] legAttestation, long nowMs) {
        jdbc.sql("UPDATE cctp_redemptions SET burn_attestation = ?, leg_attestation = ?, attempts = 0, "
                + "last_error = NULL, updated_at_ms = ? WHERE source_chain_id = ? AND burn_nonce = ? AND state = ?")
                .params(HEX.formatHex(burnAttestation), HEX.formatHex(legAttestation), nowMs,
                        r.sourceChain().value(), r.burnNonce(), CctpRedemption.State.ATTESTING.name())
                .update();
    }

    /** The relayer's transaction is prepared (in the same database transaction): SENDING. */
    void sending(CctpRedemption r, String relayedTxId, long nowMs) {
        transition(r, CctpRedemption.State.SENDING, "relayed_tx_id = ?", relayedTxId, nowMs);
    }

    /** Junction's redeem is final. */
    void done(CctpRedemption r, TxHash redeemTx, long nowMs) {
        transition(r, CctpRedemption.State.DONE, "redeem_tx_hash = ?", redeemTx.value(), nowMs);
    }

    /** The destination had used the burn nonce: someone else redeemed. */
    void redeemedElsewhere(CctpRedemption r, long nowMs) {
        transition(r, CctpRedemption.State.REDEEMED_ELSEWHERE, "last_error = ?", null, nowMs);
    }

    /** The redeem cannot succeed. */
    void failed(CctpRedemption r, String error, long nowMs) {
        transition(r, CctpRedemption.State.FAILED, "last_error = ?", clip(error), nowMs);
    }

    /** A failed attempt: due again at {@code nextAttemptAtMs}, state unchanged. */
    void retryLater(CctpRedemption r, String error, long nextAttemptAtMs, long nowMs) {
        jdbc.sql("UPDATE cctp_redemptions SET attempts = attempts + 1, last_error = ?, next_attempt_at_ms = ?, "
                + "updated_at_ms = ? WHERE source_chain_id = ? AND burn_nonce = ?")
                .params(clip(error), nextAttemptAtMs, nowMs, r.sourceChain().value(), r.burnNonce()).update();
    }

    /** Not yet due (an attestation pending, a transaction not final): looked at again at {@code nextAttemptAtMs}. */
    void waitUntil(CctpRedemption r, long nextAttemptAtMs, long nowMs) {
        jdbc.sql("UPDATE cctp_redemptions SET next_attempt_at_ms = ?, updated_at_ms = ? WHERE source_chain_id = ? "
                + "AND burn_nonce = ?").params(nextAttemptAtMs, nowMs, r.sourceChain().value(), r.burnNonce())
                .update();
    }

    private void transition(CctpRedemption r, CctpRedemption.State to, String set, String value, long nowMs) {
        jdbc.sql("UPDATE cctp_redemptions SET state = ?, " + set + ", updated_at_ms = ? WHERE source_chain_id = ? "
                + "AND burn_nonce = ?").params(to.name(), value, nowMs, r.sourceChain().value(), r.burnNonce())
                .update();
    }

    private static String clip(String error) {
        return error == null || error.length() <= ERROR_LENGTH ? error : error.substring(0, ERROR_LENGTH);
    }

    private CctpRedemption map(ResultSet rs, int n) throws SQLException {
        String relayed = rs.getString("relayed_tx_id");
        String redeem = rs.getString("redeem_tx_hash");
        return new CctpRedemption(ChainId.of(rs.getLong("source_chain_id")), rs.getLong("burn_nonce"),
                rs.getLong("leg_nonce"), new TxHash(rs.getString("source_tx_hash")), rs.getLong("source_block"),
                ChainId.of(rs.getLong("destination_chain_id")), Address.evm(rs.getString("receiver")),
                new Message(HEX.parseHex(rs.getString("burn_message"))),
                new Message(HEX.parseHex(rs.getString("leg_message"))), HEX.parseHex(rs.getString("message")),
                bytesOrNull(rs, "burn_attestation"), bytesOrNull(rs, "leg_attestation"),
                CctpRedemption.State.valueOf(rs.getString("state")), relayed,
                redeem == null ? null : new TxHash(redeem), rs.getInt("attempts"), rs.getLong("next_attempt_at_ms"),
                rs.getString("last_error"), rs.getLong("created_at_ms"));
    }

    private static byte[] bytesOrNull(ResultSet rs, String col) throws SQLException {
        String v = rs.getString(col);
        return v == null ? null : HEX.parseHex(v);
    }
}
