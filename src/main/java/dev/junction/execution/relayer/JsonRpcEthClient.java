package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import dev.junction.nodes.BlockHeader;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.RpcSettings;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** {@link EthRpc} over the rpc module's {@link JsonRpcClient} (HTTP JSON-RPC 2.0, retries and failover). */
public final class JsonRpcEthClient implements EthRpc {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JsonRpcClient client;

    public JsonRpcEthClient(JsonRpcClient client) {
        this.client = client;
    }

    /** A client of one node with the given request timeout and the rpc module's default retries. */
    public static JsonRpcEthClient of(URI url, Duration timeout) {
        return new JsonRpcEthClient(new JsonRpcClient(List.of(url), RpcSettings.DEFAULT.withTimeout(timeout)));
    }

    @Override
    public long chainId() {
        return quantity(call("eth_chainId", List.of())).longValueExact();
    }

    @Override
    public long blockNumber() {
        return quantity(call("eth_blockNumber", List.of())).longValueExact();
    }

    @Override
    public Optional<Block> block(long number) {
        JsonNode b = call("eth_getBlockByNumber", List.of("0x" + Long.toHexString(number), false));
        return b == null || b.isNull() ? Optional.empty() : Optional.of(block(b));
    }

    @Override
    public Block latestBlock() {
        return block(call("eth_getBlockByNumber", List.of("latest", false)));
    }

    @Override
    public BigInteger maxPriorityFeePerGas() {
        return quantity(call("eth_maxPriorityFeePerGas", List.of()));
    }

    @Override
    public long transactionCount(Address address, String tag) {
        return quantity(call("eth_getTransactionCount", List.of(address.lower(), tag))).longValueExact();
    }

    @Override
    public long estimateGas(Address from, Address to, BigInteger value, byte[] data) {
        ObjectNode tx = JSON.createObjectNode();
        tx.put("from", from.lower());
        tx.put("to", to.lower());
        tx.put("value", "0x" + value.toString(16));
        tx.put("data", "0x" + HexFormat.of().formatHex(data));
        return quantity(call("eth_estimateGas", List.of(tx))).longValueExact();
    }

    @Override
    public TxHash sendRawTransaction(byte[] signed) {
        return new TxHash(call("eth_sendRawTransaction", List.of("0x" + HexFormat.of().formatHex(signed))).asString());
    }

    @Override
    public Optional<TxReceipt> receipt(TxHash hash) {
        JsonNode r = call("eth_getTransactionReceipt", List.of(hash.value()));
        if (r == null || r.isNull() || r.get("blockNumber") == null || r.get("blockNumber").isNull()) {
            return Optional.empty();
        }
        return Optional.of(new TxReceipt(hash, quantity(r.get("blockNumber")).longValueExact(),
                r.get("blockHash").asString(), quantity(r.get("status")).signum() == 1,
                quantity(r.get("gasUsed")).longValueExact(),
                r.has("effectiveGasPrice") ? quantity(r.get("effectiveGasPrice")) : BigInteger.ZERO));
    }

    @Override
    public byte[] call(Address to, byte[] data) {
        ObjectNode tx = JSON.createObjectNode();
        tx.put("to", to.lower());
        tx.put("data", "0x" + HexFormat.of().formatHex(data));
        String hex = call("eth_call", List.of(tx, "latest")).asString();
        return HexFormat.of().parseHex(hex.substring(2));
    }

    @Override
    public byte[] call(Address from, Address to, byte[] data, String block) {
        ObjectNode tx = JSON.createObjectNode();
        tx.put("from", from.lower());
        tx.put("to", to.lower());
        tx.put("data", "0x" + HexFormat.of().formatHex(data));
        String hex = call("eth_call", List.of(tx, block)).asString();
        return HexFormat.of().parseHex(hex.substring(2));
    }

    @Override
    public List<LogEntry> logs(TxHash hash) {
        JsonNode r = call("eth_getTransactionReceipt", List.of(hash.value()));
        return r == null || r.isNull() || !r.has("logs") ? List.of() : dev.junction.nodes.EthRpc.parseLogs(r.get("logs"));
    }

    @Override
    public BigInteger balance(Address address) {
        return quantity(call("eth_getBalance", List.of(address.lower(), "latest")));
    }

    /**
     * A raw call (also for node-specific methods such as {@code anvil_mine}) through the rpc module's client, which
     * retries transport failures; what still fails in transport is {@link NodeUnavailableException}, a JSON-RPC error
     * object is {@link RpcException}.
     */
    public JsonNode call(String method, List<?> params) {
        try {
            return client.call(method, params.toArray());
        } catch (dev.junction.nodes.RpcException e) {
            if (e.type().retryable()) {
                throw new NodeUnavailableException("node unavailable for " + method + ": " + e.type(), e);
            }
            throw new RpcException(method, e.code(), e.getMessage(), e.data().orElse(null));
        }
    }

    private static Block block(JsonNode b) {
        BlockHeader h = dev.junction.nodes.EthRpc.header(b, "block");
        return new Block(h.number(), h.hash(), h.baseFeePerGas(), h.timestamp());
    }

    private static BigInteger quantity(JsonNode n) {
        return Quantities.big(n.asString());
    }
}
