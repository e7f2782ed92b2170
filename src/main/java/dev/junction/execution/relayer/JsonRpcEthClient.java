package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@link EthRpc} over HTTP JSON-RPC 2.0 (java.net.http, one request per call). */
public final class JsonRpcEthClient implements EthRpc {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI url;
    private final HttpClient http;
    private final Duration timeout;
    private final AtomicLong ids = new AtomicLong();

    public JsonRpcEthClient(URI url, Duration timeout) {
        this.url = url;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The node's URL (for messages; it may hold an API key, so it is not logged by this class). */
    public URI url() {
        return url;
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
    public BigInteger balance(Address address) {
        return quantity(call("eth_getBalance", List.of(address.lower(), "latest")));
    }

    /** A raw call (for tests and node-specific methods such as {@code anvil_mine}). */
    public JsonNode call(String method, List<?> params) {
        ObjectNode req = JSON.createObjectNode();
        req.put("jsonrpc", "2.0");
        req.put("id", ids.incrementAndGet());
        req.put("method", method);
        ArrayNode p = req.putArray("params");
        for (Object o : params) {
            p.add(JSON.valueToTree(o));
        }
        HttpResponse<String> res;
        try {
            res = http.send(HttpRequest.newBuilder(url).timeout(timeout).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(req))).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new NodeUnavailableException("node of chain unreachable for " + method + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NodeUnavailableException("interrupted during " + method, e);
        }
        if (res.statusCode() / 100 != 2) {
            throw new NodeUnavailableException("node answered HTTP " + res.statusCode() + " to " + method, null);
        }
        JsonNode body = JSON.readTree(res.body());
        JsonNode error = body.get("error");
        if (error != null && !error.isNull()) {
            throw new RpcException(method, error.path("code").asLong(), error.path("message").asString());
        }
        return body.get("result");
    }

    private static Block block(JsonNode b) {
        JsonNode base = b.get("baseFeePerGas");
        return new Block(quantity(b.get("number")).longValueExact(), b.get("hash").asString(),
                base == null || base.isNull() ? BigInteger.ZERO : quantity(base),
                quantity(b.get("timestamp")).longValueExact());
    }

    private static BigInteger quantity(JsonNode n) {
        String s = n.asString();
        if (!s.startsWith("0x")) {
            throw new IllegalStateException("not a hex quantity: " + s);
        }
        return s.length() == 2 ? BigInteger.ZERO : new BigInteger(s.substring(2), 16);
    }
}
