package dev.junction.nodes;

import dev.junction.chain.Address;
import java.util.List;

/**
 * One log of {@code eth_getLogs}.
 *
 * @param address emitting contract
 * @param topics topics, 0x lower-case 32-byte hex
 * @param data hex data
 * @param blockNumber block it is in
 * @param blockHash that block's hash
 * @param logIndex index in the block
 * @param removed true when a reorg removed it (filters only)
 * @param transactionHash the transaction that emitted it, 0x lower-case (null when the node gave none)
 */
public record LogEntry(Address address, List<String> topics, String data, long blockNumber, String blockHash,
        int logIndex, boolean removed, String transactionHash) {

    public LogEntry {
        topics = List.copyOf(topics);
    }

    public String topic0() {
        return topics.isEmpty() ? "" : topics.getFirst();
    }
}
