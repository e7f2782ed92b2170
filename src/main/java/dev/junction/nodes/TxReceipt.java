package dev.junction.nodes;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.TxHash;
import java.math.BigInteger;
import java.util.List;

/**
 * A transaction's receipt ({@code eth_getTransactionReceipt}), of a transaction in the chain.
 *
 * @param hash the transaction hash
 * @param blockNumber the including block
 * @param blockHash its hash (a receipt under another hash later: the block left the chain in a reorg)
 * @param success status 1 (false: the transaction reverted)
 * @param from the sender
 * @param to the called contract, null for a contract creation
 * @param gasUsed gas the transaction used
 * @param effectiveGasPrice wei per gas it paid (zero when the node does not say)
 * @param logs its logs, in order
 */
public record TxReceipt(TxHash hash, long blockNumber, Bytes32 blockHash, boolean success, Address from, Address to,
        long gasUsed, BigInteger effectiveGasPrice, List<LogEntry> logs) {

    public TxReceipt {
        logs = List.copyOf(logs);
    }
}
