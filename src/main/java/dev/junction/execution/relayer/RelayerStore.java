package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.nodes.TxReceipt;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The relayer's ledger (tables of V15_2): nonces per relayer and chain, relayed transactions and every signed version.
 * Callers own the database transaction. The same SQL runs on H2 and PostgreSQL.
 */
public final class RelayerStore {

    private static final HexFormat HEX = HexFormat.of();

    private final JdbcClient jdbc;

    public RelayerStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Takes the next nonce of {@code sender} on {@code chain}. The UPDATE locks the row until the caller's transaction
     * ends, so instances sharing one relayer key serialise here and never take the same nonce; the nonce is used by the
     * transaction inserted in the same database transaction, so a rollback leaves no gap.
     */
    public long reserveNonce(ChainId chain, Address sender) {
        ensureRow(chain, sender, 0);
        jdbc.sql("UPDATE relayer_nonces SET next_nonce = next_nonce + 1 WHERE chain_id = ? AND sender = ?")
                .params(chain.value(), sender.lower()).update();
        return jdbc.sql("SELECT next_nonce FROM relayer_nonces WHERE chain_id = ? AND sender = ?")
                .params(chain.value(), sender.lower()).query(Long.class).single() - 1;
    }

    /** Raises the next nonce to at least {@code atLeast} (the chain's pending count at start); never lowers it. */
    public long raiseNonce(ChainId chain, Address sender, long atLeast) {
        ensureRow(chain, sender, atLeast);
        jdbc.sql("UPDATE relayer_nonces SET next_nonce = GREATEST(next_nonce, ?) WHERE chain_id = ? AND sender = ?")
                .params(atLeast, chain.value(), sender.lower()).update();
        return jdbc.sql("SELECT next_nonce FROM relayer_nonces WHERE chain_id = ? AND sender = ?")
                .params(chain.value(), sender.lower()).query(Long.class).single();
    }

    private void ensureRow(ChainId chain, Address sender, long next) {
        jdbc.sql("INSERT INTO relayer_nonces (chain_id, sender, next_nonce) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
                .params(chain.value(), sender.lower(), next).update();
    }

    /** Records a new relayed transaction with its first signed version. */
    public void insert(RelayedTx t, RelayedTx.Signed first, long nowMs) {
        jdbc.sql("""
                INSERT INTO relayer_txs (id, reference, chain_id, sender, nonce, to_address, value_wei, data, gas_limit, state,
                  current_hash, created_at_ms, updated_at_ms, valid_until) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)""")
                .params(t.id(), t.reference(), t.chain().value(), t.sender().lower(), t.nonce(), t.to().lower(),
                        t.value().toString(), HEX.formatHex(t.data()), t.gasLimit(), t.state().name(),
                        t.currentHash().value(), nowMs, nowMs, t.validUntil())
                .update();
        insertSigned(t.id(), first, nowMs);
    }

    /** Records a further signed version (a replacement) and makes it current. */
    public void replace(String id, RelayedTx.Signed next, long broadcastBlock, long nowMs) {
        insertSigned(id, next, nowMs);
        jdbc.sql("UPDATE relayer_txs SET current_hash = ?, state = 'BROADCAST', broadcast_block = ?, updated_at_ms = ? "
                + "WHERE id = ?").params(next.hash().value(), broadcastBlock, nowMs, id).update();
    }

    /**
     * Records the first cancelling version (a 0-value transfer to the relayer itself, same nonce, fees raised) and
     * makes it current; the versions from it on are cancellations.
     */
    public void cancel(String id, RelayedTx.Signed cancel, long broadcastBlock, long nowMs) {
        insertSigned(id, cancel, nowMs);
        jdbc.sql("UPDATE relayer_txs SET current_hash = ?, cancel_version = ?, state = 'BROADCAST', broadcast_block = ?, "
                + "updated_at_ms = ? WHERE id = ?").params(cancel.hash().value(), cancel.version(), broadcastBlock,
                        nowMs, id).update();
    }

    private void insertSigned(String id, RelayedTx.Signed s, long nowMs) {
        jdbc.sql("INSERT INTO relayer_signed (tx_hash, relayer_tx_id, version, max_fee, max_priority_fee, raw, "
                + "signed_at_ms) VALUES (?,?,?,?,?,?,?)")
                .params(s.hash().value(), id, s.version(), s.maxFee().toString(), s.maxPriorityFee().toString(),
                        HEX.formatHex(s.raw()), nowMs)
                .update();
    }

    public void broadcast(String id, long headBlock, long nowMs) {
        jdbc.sql("UPDATE relayer_txs SET state = 'BROADCAST', broadcast_block = ?, included_hash = NULL, "
                + "included_block = NULL, included_block_hash = NULL, success = NULL, updated_at_ms = ? WHERE id = ?")
                .params(headBlock, nowMs, id).update();
    }

    public void included(String id, TxReceipt r, long nowMs) {
        jdbc.sql("UPDATE relayer_txs SET state = 'INCLUDED', included_hash = ?, included_block = ?, "
                + "included_block_hash = ?, success = ?, updated_at_ms = ? WHERE id = ?")
                .params(r.hash().value(), r.blockNumber(), r.blockHash().value(), r.success(), nowMs, id).update();
    }

    public void confirmed(String id, long nowMs) {
        jdbc.sql("UPDATE relayer_txs SET state = 'CONFIRMED', updated_at_ms = ? WHERE id = ?").params(nowMs, id)
                .update();
    }

    public Optional<RelayedTx> find(String id) {
        return jdbc.sql("SELECT * FROM relayer_txs WHERE id = ?").param(id).query(this::map).optional();
    }

    public Optional<RelayedTx> findByReference(String reference) {
        return jdbc.sql("SELECT * FROM relayer_txs WHERE reference = ?").param(reference).query(this::map).optional();
    }

    /** The relayed transaction one of whose signed versions has this hash. */
    public Optional<RelayedTx> findByHash(TxHash hash) {
        return jdbc.sql("SELECT t.* FROM relayer_txs t JOIN relayer_signed s ON s.relayer_tx_id = t.id WHERE s.tx_hash = ?")
                .param(hash.value()).query(this::map).optional();
    }

    /** Ids of the not yet confirmed transactions of {@code sender} on {@code chain}, lowest nonce first. */
    public List<String> open(ChainId chain, Address sender) {
        return jdbc.sql("SELECT id FROM relayer_txs WHERE chain_id = ? AND sender = ? AND state <> 'CONFIRMED' "
                + "ORDER BY nonce").params(chain.value(), sender.lower()).query(String.class).list();
    }

    /**
     * What the not yet included transactions of {@code sender} on {@code chain} (SIGNED or BROADCAST) can still cost:
     * the sum of gas limit x max fee of each one's current version, wei. The node's balance does not reflect them yet.
     */
    public BigInteger openCost(ChainId chain, Address sender) {
        return jdbc.sql("SELECT t.gas_limit, s.max_fee FROM relayer_txs t JOIN relayer_signed s ON s.tx_hash = "
                + "t.current_hash WHERE t.chain_id = ? AND t.sender = ? AND t.state IN ('SIGNED', 'BROADCAST')")
                .params(chain.value(), sender.lower())
                .query((rs, n) -> BigInteger.valueOf(rs.getLong("gas_limit")).multiply(new BigInteger(
                        rs.getString("max_fee"))))
                .list().stream().reduce(BigInteger.ZERO, BigInteger::add);
    }

    /** Every signed version, oldest first. */
    public List<RelayedTx.Signed> versions(String id) {
        return jdbc.sql("SELECT * FROM relayer_signed WHERE relayer_tx_id = ? ORDER BY version").param(id)
                .query((rs, n) -> new RelayedTx.Signed(new TxHash(rs.getString("tx_hash")), rs.getInt("version"),
                        new BigInteger(rs.getString("max_fee")), new BigInteger(rs.getString("max_priority_fee")),
                        HEX.parseHex(rs.getString("raw"))))
                .list();
    }

    private RelayedTx map(ResultSet rs, int n) throws SQLException {
        String included = rs.getString("included_hash");
        return new RelayedTx(rs.getString("id"), rs.getString("reference"), ChainId.of(rs.getLong("chain_id")),
                Address.evm(rs.getString("sender")), rs.getLong("nonce"), Address.evm(rs.getString("to_address")),
                new BigInteger(rs.getString("value_wei")), HEX.parseHex(rs.getString("data")), rs.getLong("gas_limit"),
                RelayedTx.State.valueOf(rs.getString("state")), new TxHash(rs.getString("current_hash")),
                longOrNull(rs, "broadcast_block"), included == null ? null : new TxHash(included),
                longOrNull(rs, "included_block"), bytes32OrNull(rs, "included_block_hash"), boolOrNull(rs, "success"),
                longOrNull(rs, "valid_until"), intOrNull(rs, "cancel_version"));
    }

    private static Bytes32 bytes32OrNull(ResultSet rs, String col) throws SQLException {
        String v = rs.getString(col);
        return v == null ? null : Bytes32.of(v);
    }

    private static Long longOrNull(ResultSet rs, String col) throws SQLException {
        long v = rs.getLong(col);
        return rs.wasNull() ? null : v;
    }

    private static Integer intOrNull(ResultSet rs, String col) throws SQLException {
        int v = rs.getInt(col);
        return rs.wasNull() ? null : v;
    }

    private static Boolean boolOrNull(ResultSet rs, String col) throws SQLException {
        boolean v = rs.getBoolean(col);
        return rs.wasNull() ? null : v;
    }
}
