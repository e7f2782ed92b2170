package dev.junction.nodes;

import dev.junction.chain.Address;
import java.util.List;

/**
 * A transaction's receipt ({@code eth_getTransactionReceipt}).
 *
 * @param hash the transaction hash, 0x lower-case
 * @param blockNumber the including block
 * @param blockHash its hash
 * @param success status 1 (false: the transaction reverted)
 * @param from the sender
 * @param to the called contract, null for a contract creation
 * @param gasUsed gas the transaction used
 * @param logs its logs, in order
 */
public record TxReceipt(String hash, long blockNumber, String blockHash, boolean success, Address from, Address to,
        long gasUsed, List<LogEntry> logs) {

    public TxReceipt {
        logs = List.copyOf(logs);
    }
}
