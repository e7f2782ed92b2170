package dev.junction.nodes;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The {@code eth_*} methods Junction uses, typed, over one chain's {@link JsonRpcClient} (its retries and failover).
 * Every method throws {@link RpcException}: a transport failure after the client's attempts
 * ({@link RpcErrorType#retryable()}: the node is unavailable, try again later) or the node's JSON-RPC error (a revert
 * is {@link RpcErrorType#EXECUTION_REVERTED} with its revert data). {@link Nodes} holds one per configured chain.
 *
 * <p>Not final: a test may observe one call of a real node by overriding it.
 */
public class EthRpc {

    private final JsonRpcClient client;

    public EthRpc(JsonRpcClient client) {
        this.client = client;
    }

    /** The client under it: for batches of raw calls and node-specific methods. */
    public JsonRpcClient client() {
        return client;
    }

    /** {@code eth_chainId}. */
    public long chainId() {
        return Quantities.longValue(client.call("eth_chainId").asString());
    }

    /** {@code eth_blockNumber}. */
    public long blockNumber() {
        return Quantities.longValue(client.call("eth_blockNumber").asString());
    }

    /**
     * The header of a block by number.
     *
     * @throws RpcException {@link RpcErrorType#INVALID_RESPONSE} when the node has no such block
     */
    public BlockHeader block(long number) {
        return header(client.call("eth_getBlockByNumber", Quantities.of(number), false), "block " + number);
    }

    /** The header of a block by number; empty when there is no such block (yet, or after a reorg). */
    public Optional<BlockHeader> findBlock(long number) {
        JsonNode b = client.call("eth_getBlockByNumber", Quantities.of(number), false);
        return b == null || b.isNull() ? Optional.empty() : Optional.of(header(b, "block " + number));
    }

    /** The latest block's header. */
    public BlockHeader latest() {
        return header(client.call("eth_getBlockByNumber", "latest", false), "latest block");
    }

    /** Headers of blocks {@code from..to} in one batch. */
    public List<BlockHeader> blocks(long from, long to) {
        List<RpcCall> calls = new ArrayList<>();
        for (long n = from; n <= to; n++) {
            calls.add(RpcCall.of("eth_getBlockByNumber", Quantities.of(n), false));
        }
        List<BlockHeader> out = new ArrayList<>();
        List<RpcResult> results = client.batch(calls);
        for (int i = 0; i < results.size(); i++) {
            out.add(header(results.get(i).orThrow(), "block " + (from + i)));
        }
        return out;
    }

    /**
     * {@code eth_getLogs} over blocks {@code from..to}.
     *
     * @param topic0s any of these first topics (no address filter: new pools are found too)
     */
    public List<LogEntry> logs(long from, long to, List<Bytes32> topic0s) {
        return parseLogs(client.call("eth_getLogs", logFilter(from, to, topic0s)));
    }

    /** The {@code eth_getLogs} filter of {@link #logs(long, long, List)}, for a caller sending it in a batch. */
    public static Map<String, Object> logFilter(long from, long to, List<Bytes32> topic0s) {
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("fromBlock", Quantities.of(from));
        filter.put("toBlock", Quantities.of(to));
        filter.put("topics", List.of(topic0s.stream().map(Bytes32::value).toList()));
        return filter;
    }

    /**
     * {@code eth_getLogs} of one contract over blocks {@code from..to}.
     *
     * @param topics per position, the accepted values (an empty list: any)
     */
    public List<LogEntry> logs(Address address, long from, long to, List<List<Bytes32>> topics) {
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("address", address.lower());
        filter.put("fromBlock", Quantities.of(from));
        filter.put("toBlock", Quantities.of(to));
        filter.put("topics", topics.stream().map(t -> t.isEmpty() ? null : t.stream().map(Bytes32::value).toList())
                .toList());
        return parseLogs(client.call("eth_getLogs", filter));
    }

    /**
     * A transaction and its receipt, in one request: empty when the node does not know the hash; a receipt of
     * {@code null} while the transaction is not mined.
     */
    public Optional<Lookup> transaction(TxHash hash) {
        List<RpcResult> r = client.batch(List.of(RpcCall.of("eth_getTransactionByHash", hash.value()),
                RpcCall.of("eth_getTransactionReceipt", hash.value())));
        JsonNode tx = r.get(0).orThrow();
        JsonNode receipt = r.get(1).orThrow();
        if (tx == null || tx.isNull()) {
            return Optional.empty();
        }
        return Optional.of(new Lookup(parseTx(tx), mined(receipt) ? parseReceipt(receipt) : null));
    }

    /** The receipt of a transaction ({@code eth_getTransactionReceipt}); empty while it is not in the chain. */
    public Optional<TxReceipt> receipt(TxHash hash) {
        JsonNode r = client.call("eth_getTransactionReceipt", hash.value());
        return mined(r) ? Optional.of(parseReceipt(r)) : Optional.empty();
    }

    /** A transaction and, once it is mined, its receipt. */
    public record Lookup(ChainTx tx, TxReceipt receipt) {
    }

    /**
     * Re-runs a transaction as {@code eth_call} (same sender, target, value, gas and input) on the state of
     * {@code block}: answers the revert when it reverts ({@code 0x} data for a revert without data), empty when it
     * does not.
     *
     * @throws RpcException when the node is unavailable
     */
    public Optional<RpcException> replay(ChainTx tx, long block) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("from", tx.from().lower());
        if (tx.to() != null) {
            call.put("to", tx.to().lower());
        }
        call.put("gas", Quantities.of(tx.gas()));
        call.put("value", Quantities.of(tx.value()));
        call.put("data", tx.input());
        try {
            client.call("eth_call", call, Quantities.of(block));
            return Optional.empty();
        } catch (RpcException e) {
            if (e.type().retryable()) {
                throw e;
            }
            return Optional.of(e);
        }
    }

    /** {@code eth_call} of {@code data} on {@code to} at the latest block: the returned bytes. */
    public byte[] call(Address to, byte[] data) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("to", to.lower());
        call.put("data", Hex.encode(data));
        return Hex.decode(client.call("eth_call", call, "latest").asString());
    }

    /**
     * {@code eth_call} of {@code data} on {@code to} from {@code from} at {@code block} ({@code latest} or a
     * quantity): the returned bytes; a revert throws {@link RpcException} with its revert data.
     */
    public byte[] call(Address from, Address to, byte[] data, String block) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("from", from.lower());
        call.put("to", to.lower());
        call.put("data", Hex.encode(data));
        return Hex.decode(client.call("eth_call", call, block).asString());
    }

    /** {@code eth_estimateGas} of a call from {@code from}. */
    public long estimateGas(Address from, Address to, BigInteger value, byte[] data) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("from", from.lower());
        call.put("to", to.lower());
        call.put("value", Quantities.of(value));
        call.put("data", Hex.encode(data));
        return Quantities.longValue(client.call("eth_estimateGas", call).asString());
    }

    /** The node's suggested gas price ({@code eth_gasPrice}), wei. */
    public BigInteger gasPrice() {
        return Quantities.big(client.call("eth_gasPrice").asString());
    }

    /** {@code eth_maxPriorityFeePerGas}: the node's suggested tip, wei. */
    public BigInteger maxPriorityFeePerGas() {
        return Quantities.big(client.call("eth_maxPriorityFeePerGas").asString());
    }

    /** {@code eth_getTransactionCount(address, tag)}; tag {@code latest} or {@code pending}. */
    public long transactionCount(Address address, String tag) {
        return Quantities.longValue(client.call("eth_getTransactionCount", address.lower(), tag).asString());
    }

    /** {@code eth_getBalance(address, "latest")}, wei. */
    public BigInteger balance(Address address) {
        return Quantities.big(client.call("eth_getBalance", address.lower(), "latest").asString());
    }

    /** {@code eth_sendRawTransaction}: the node's answer, the transaction hash. */
    public TxHash sendRawTransaction(byte[] signed) {
        return new TxHash(client.call("eth_sendRawTransaction", Hex.encode(signed)).asString());
    }

    private static boolean mined(JsonNode receipt) {
        return receipt != null && !receipt.isNull() && receipt.hasNonNull("blockNumber");
    }

    public static List<LogEntry> parseLogs(JsonNode array) {
        List<LogEntry> out = new ArrayList<>(array.size());
        for (JsonNode l : array) {
            List<Bytes32> topics = new ArrayList<>();
            for (JsonNode t : l.path("topics")) {
                topics.add(Bytes32.of(t.asString()));
            }
            out.add(new LogEntry(Address.evm(l.path("address").asString()), topics, l.path("data").asString("0x"),
                    Quantities.longValue(l.path("blockNumber").asString()), Bytes32.of(l.path("blockHash").asString()),
                    (int) Quantities.longValue(l.path("logIndex").asString("0x0")), l.path("removed").asBoolean(false),
                    l.hasNonNull("transactionHash") ? new TxHash(l.get("transactionHash").asString()) : null));
        }
        return out;
    }

    public static ChainTx parseTx(JsonNode t) {
        JsonNode to = t.get("to");
        JsonNode block = t.get("blockNumber");
        return new ChainTx(new TxHash(t.path("hash").asString()), Address.evm(t.path("from").asString()),
                to == null || to.isNull() ? null : Address.evm(to.asString()), t.path("input").asString("0x"),
                Quantities.big(t.path("value").asString("0x0")), Quantities.big(t.path("gas").asString("0x0")),
                block == null || block.isNull() ? null : Quantities.longValue(block.asString()));
    }

    public static TxReceipt parseReceipt(JsonNode r) {
        JsonNode to = r.get("to");
        return new TxReceipt(new TxHash(r.path("transactionHash").asString()),
                Quantities.longValue(r.path("blockNumber").asString()), Bytes32.of(r.path("blockHash").asString()),
                Quantities.big(r.path("status").asString("0x0")).signum() == 1,
                Address.evm(r.path("from").asString()), to == null || to.isNull() ? null : Address.evm(to.asString()),
                Quantities.longValue(r.path("gasUsed").asString("0x0")),
                Quantities.big(r.path("effectiveGasPrice").asString("0x0")), parseLogs(r.path("logs")));
    }

    /**
     * A block header from {@code eth_getBlockByNumber}'s answer.
     *
     * @throws RpcException {@link RpcErrorType#INVALID_RESPONSE} when the answer is null: the node has no such block
     */
    public static BlockHeader header(JsonNode b, String what) {
        if (b == null || b.isNull()) {
            throw new RpcException(RpcErrorType.INVALID_RESPONSE, "the node has no " + what, null, null);
        }
        JsonNode base = b.get("baseFeePerGas");
        return new BlockHeader(Quantities.longValue(b.path("number").asString()), Bytes32.of(b.path("hash").asString()),
                Bytes32.of(b.path("parentHash").asString()), Quantities.longValue(b.path("timestamp").asString()),
                base == null || base.isNull() ? BigInteger.ZERO : Quantities.big(base.asString()));
    }
}
