package dev.junction.devnet;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Mined wallet transactions, their receipts and logs, persisted (devnet_txs, devnet_logs). */
final class TxStore {

    private final JdbcClient jdbc;

    TxStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(MinedTx t) {
        jdbc.sql("INSERT INTO devnet_txs (tx_hash, chain_id, tx_type, sender, nonce, to_addr, tx_value, input, gas_limit, "
                + "gas_price, max_fee, max_priority_fee, effective_gas_price, gas_used, status, revert_reason, "
                + "block_number, tx_index, sig_v, sig_r, sig_s, swap_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
                .params(t.hash(), t.chainId(), t.type(), t.from(), t.nonce(), t.to(), dec(t.value()), t.input(),
                        dec(t.gasLimit()), dec(t.gasPrice()), dec(t.maxFee()), dec(t.maxPriorityFee()),
                        dec(t.effectiveGasPrice()), t.gasUsed(), t.status(), t.revertReason(), t.blockNumber(),
                        t.txIndex(), t.v(), t.r(), t.s(), t.swapId())
                .update();
        insertLogs(t.hash(), 0, t.logs());
    }

    private void insertLogs(String hash, int from, List<EvmAbi.Log> logs) {
        for (int i = 0; i < logs.size(); i++) {
            EvmAbi.Log l = logs.get(i);
            jdbc.sql("INSERT INTO devnet_logs (tx_hash, log_index, address, topics, data) VALUES (?,?,?,?,?)")
                    .params(hash, from + i, l.address(), String.join(",", l.topics()), l.data()).update();
        }
    }

    /** A router call handed to the executor: the fields its router events need. */
    record Route(String txHash, String swapId, long chainId, String router, String quoteId, String bridgeAdapter,
            long toChain) {
    }

    void insertRoute(Route r) {
        jdbc.sql("INSERT INTO devnet_routes (tx_hash, swap_id, chain_id, router, quote_id, bridge_adapter, to_chain) "
                + "VALUES (?,?,?,?,?,?,?)").params(r.txHash(), r.swapId(), r.chainId(), r.router(), r.quoteId(),
                        r.bridgeAdapter(), r.toChain()).update();
    }

    /** The router call that started this swap, if the devnet sent it. */
    Optional<Route> route(String swapId) {
        return jdbc.sql("SELECT * FROM devnet_routes WHERE swap_id = ?").param(swapId)
                .query((rs, i) -> new Route(rs.getString("tx_hash"), rs.getString("swap_id"), rs.getLong("chain_id"),
                        rs.getString("router"), rs.getString("quote_id"), rs.getString("bridge_adapter"),
                        rs.getLong("to_chain")))
                .optional();
    }

    /**
     * Includes a pending router call: its block, index and outcome. A reverted call loses its logs; a successful one
     * gets {@code more} appended. Does nothing when it is no longer pending (returns false).
     */
    boolean include(MinedTx t, long block, int status, String revertReason, List<EvmAbi.Log> more) {
        int index = countInBlock(t.chainId(), block);
        int n = jdbc.sql("UPDATE devnet_txs SET block_number = ?, tx_index = ?, status = ?, revert_reason = ? "
                + "WHERE tx_hash = ? AND block_number = -1").params(block, index, status, revertReason, t.hash())
                .update();
        if (n == 0) {
            return false;
        }
        if (status == 0) {
            jdbc.sql("DELETE FROM devnet_logs WHERE tx_hash = ?").param(t.hash()).update();
        } else {
            insertLogs(t.hash(), t.logs().size(), more);
        }
        return true;
    }

    Optional<MinedTx> find(long chainId, String hash) {
        return jdbc.sql("SELECT * FROM devnet_txs WHERE tx_hash = ? AND chain_id = ?").params(hash, chainId)
                .query(this::row).optional();
    }

    /** Transactions of a block in index order. */
    List<MinedTx> inBlock(long chainId, long block) {
        return jdbc.sql("SELECT * FROM devnet_txs WHERE chain_id = ? AND block_number = ? ORDER BY tx_index")
                .params(chainId, block).query(this::row).list();
    }

    /** Number of transactions already in the block (the next transaction index). */
    int countInBlock(long chainId, long block) {
        return jdbc.sql("SELECT COUNT(*) FROM devnet_txs WHERE chain_id = ? AND block_number = ?")
                .params(chainId, block).query(Integer.class).single();
    }

    /** Sum of gas used by transactions of the block with an index up to {@code txIndex} (cumulativeGasUsed). */
    long cumulativeGas(long chainId, long block, int txIndex) {
        return jdbc.sql("SELECT COALESCE(SUM(gas_used), 0) FROM devnet_txs WHERE chain_id = ? AND block_number = ? "
                + "AND tx_index <= ?").params(chainId, block, txIndex).query(Long.class).single();
    }

    private MinedTx row(ResultSet rs, int n) throws SQLException {
        String hash = rs.getString("tx_hash");
        List<EvmAbi.Log> logs = jdbc.sql("SELECT address, topics, data FROM devnet_logs WHERE tx_hash = ? ORDER BY log_index")
                .param(hash).query((l, i) -> new EvmAbi.Log(l.getString("address"),
                        Arrays.asList(l.getString("topics").split(",")), l.getString("data")))
                .list();
        return new MinedTx(hash, rs.getLong("chain_id"), rs.getInt("tx_type"), rs.getString("sender"),
                rs.getLong("nonce"), rs.getString("to_addr"), big(rs, "tx_value"), rs.getString("input"),
                big(rs, "gas_limit"), big(rs, "gas_price"), big(rs, "max_fee"), big(rs, "max_priority_fee"),
                big(rs, "effective_gas_price"), rs.getLong("gas_used"), rs.getInt("status"),
                rs.getString("revert_reason"), rs.getLong("block_number"), rs.getInt("tx_index"), rs.getString("sig_v"),
                rs.getString("sig_r"), rs.getString("sig_s"), logs, rs.getString("swap_id"));
    }

    private static BigInteger big(ResultSet rs, String column) throws SQLException {
        BigDecimal d = rs.getBigDecimal(column);
        return d == null ? null : d.toBigIntegerExact();
    }

    private static BigDecimal dec(BigInteger v) {
        return v == null ? null : new BigDecimal(v);
    }
}
