package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import dev.junction.nodes.LogEntry;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/** An {@link EthRpc} that forwards every call to a real node; tests override one method to observe it. */
class ForwardingRpc implements EthRpc {

    private final EthRpc node;

    ForwardingRpc(EthRpc node) {
        this.node = node;
    }

    @Override
    public long chainId() {
        return node.chainId();
    }

    @Override
    public long blockNumber() {
        return node.blockNumber();
    }

    @Override
    public Optional<Block> block(long number) {
        return node.block(number);
    }

    @Override
    public Block latestBlock() {
        return node.latestBlock();
    }

    @Override
    public BigInteger maxPriorityFeePerGas() {
        return node.maxPriorityFeePerGas();
    }

    @Override
    public long transactionCount(Address address, String tag) {
        return node.transactionCount(address, tag);
    }

    @Override
    public long estimateGas(Address from, Address to, BigInteger value, byte[] data) {
        return node.estimateGas(from, to, value, data);
    }

    @Override
    public TxHash sendRawTransaction(byte[] signed) {
        return node.sendRawTransaction(signed);
    }

    @Override
    public Optional<TxReceipt> receipt(TxHash hash) {
        return node.receipt(hash);
    }

    @Override
    public byte[] call(Address to, byte[] data) {
        return node.call(to, data);
    }

    @Override
    public BigInteger balance(Address address) {
        return node.balance(address);
    }

    @Override
    public byte[] call(Address from, Address to, byte[] data, String block) {
        return node.call(from, to, data, block);
    }

    @Override
    public List<LogEntry> logs(TxHash hash) {
        return node.logs(hash);
    }
}
