package dev.junction.nodes;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.TxHash;
import java.util.List;

/**
 * One log of {@code eth_getLogs} or of a receipt.
 *
 * @param address emitting contract
 * @param topics its topics (topic 0: the event's signature hash)
 * @param data hex data
 * @param blockNumber block it is in
 * @param blockHash that block's hash
 * @param logIndex index in the block
 * @param removed true when a reorg removed it (filters only)
 * @param transactionHash the transaction that emitted it (null when the node gave none)
 */
public record LogEntry(Address address, List<Bytes32> topics, String data, long blockNumber, Bytes32 blockHash,
        int logIndex, boolean removed, TxHash transactionHash) {

    public LogEntry {
        topics = List.copyOf(topics);
    }

    /**
     * The event's signature hash; {@link Bytes32#ZERO} for a log without topics (an anonymous event without indexed
     * arguments: no event Junction reads).
     */
    public Bytes32 topic0() {
        return topics.isEmpty() ? Bytes32.ZERO : topics.getFirst();
    }
}
