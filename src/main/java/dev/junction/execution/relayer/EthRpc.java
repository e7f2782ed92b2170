package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import java.math.BigInteger;
import dev.junction.nodes.LogEntry;
import java.util.List;
import java.util.Optional;

/**
 * What the relayer needs from one chain's node (standard Ethereum JSON-RPC). Implemented over HTTP by
 * {@link JsonRpcEthClient}; the chain-mode JSON-RPC client module can stand behind it instead.
 *
 * <p>Every method throws {@link NodeUnavailableException} when the node cannot be reached and {@link RpcException}
 * when it answers with a JSON-RPC error.
 */
public interface EthRpc {

    /** {@code eth_chainId}. */
    long chainId();

    /** {@code eth_blockNumber}. */
    long blockNumber();

    /** {@code eth_getBlockByNumber(number, false)}; empty when there is no such block (yet, or after a reorg). */
    Optional<Block> block(long number);

    /** {@code eth_getBlockByNumber("latest", false)}. */
    Block latestBlock();

    /** {@code eth_maxPriorityFeePerGas}: the node's suggested tip, wei. */
    BigInteger maxPriorityFeePerGas();

    /** {@code eth_getTransactionCount(address, tag)}; tag {@code latest} or {@code pending}. */
    long transactionCount(Address address, String tag);

    /** {@code eth_estimateGas} of a call from {@code from}. */
    long estimateGas(Address from, Address to, BigInteger value, byte[] data);

    /** {@code eth_sendRawTransaction}: the node's answer, the transaction hash. */
    TxHash sendRawTransaction(byte[] signed);

    /** {@code eth_getTransactionReceipt}; empty while the transaction is not in the canonical chain. */
    Optional<TxReceipt> receipt(TxHash hash);

    /** {@code eth_call} of {@code data} on {@code to} at the latest block: the returned bytes. */
    byte[] call(Address to, byte[] data);

    /**
     * {@code eth_call} of {@code data} on {@code to} from {@code from} at {@code block} ({@code latest} or a
     * {@code 0x} quantity): the returned bytes; a revert throws {@link RpcException} with its {@code revertData()}.
     */
    byte[] call(Address from, Address to, byte[] data, String block);

    /** The logs of an included transaction ({@code eth_getTransactionReceipt}'s {@code logs}); empty if none. */
    List<LogEntry> logs(TxHash hash);

    /** {@code eth_getBalance(address, "latest")}, wei. */
    BigInteger balance(Address address);

    /**
     * A block header.
     *
     * @param baseFeePerGas wei (EIP-1559 chains)
     */
    record Block(long number, String hash, BigInteger baseFeePerGas, long timestamp) {
    }

    /**
     * A transaction receipt.
     *
     * @param success {@code status == 1}
     */
    record TxReceipt(TxHash hash, long blockNumber, String blockHash, boolean success, long gasUsed,
            BigInteger effectiveGasPrice) {
    }
}
