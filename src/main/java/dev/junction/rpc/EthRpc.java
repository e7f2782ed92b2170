package dev.junction.rpc;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The {@code eth_*} methods Junction uses, typed, over one {@link JsonRpcClient}. */
public final class EthRpc {

    private final JsonRpcClient client;

    public EthRpc(JsonRpcClient client) {
        this.client = client;
    }

    public JsonRpcClient client() {
        return client;
    }

    public long chainId() {
        return Quantities.longValue(client.call("eth_chainId").asString());
    }

    public long blockNumber() {
        return Quantities.longValue(client.call("eth_blockNumber").asString());
    }

    /** The header of a block by number. */
    public BlockHeader block(long number) {
        return header(client.call("eth_getBlockByNumber", Quantities.of(number), false), "block " + number);
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
    public List<LogEntry> logs(long from, long to, List<String> topic0s) {
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("fromBlock", Quantities.of(from));
        filter.put("toBlock", Quantities.of(to));
        filter.put("topics", List.of(topic0s));
        return parseLogs(client.call("eth_getLogs", filter));
    }

    /** {@code eth_call} of {@code data} on {@code to} at a block ({@code latest} or a quantity). */
    public String call(Address to, String data, String block) {
        return client.call("eth_call", Map.of("to", to.lower(), "data", data), block).asString();
    }

    /** The node's suggested gas price ({@code eth_gasPrice}), wei. */
    public BigInteger gasPrice() {
        return Quantities.big(client.call("eth_gasPrice").asString());
    }

    public static List<LogEntry> parseLogs(JsonNode array) {
        List<LogEntry> out = new ArrayList<>(array.size());
        for (JsonNode l : array) {
            List<String> topics = new ArrayList<>();
            for (JsonNode t : l.path("topics")) {
                topics.add(t.asString().toLowerCase(Locale.ROOT));
            }
            out.add(new LogEntry(Address.evm(l.path("address").asString()), topics, l.path("data").asString("0x"),
                    Quantities.longValue(l.path("blockNumber").asString()),
                    l.path("blockHash").asString().toLowerCase(Locale.ROOT),
                    (int) Quantities.longValue(l.path("logIndex").asString("0x0")), l.path("removed").asBoolean(false)));
        }
        return out;
    }

    public static BlockHeader header(JsonNode b, String what) {
        if (b == null || b.isNull()) {
            throw new RpcException(RpcErrorType.INVALID_RESPONSE, "the node has no " + what, null, null);
        }
        JsonNode base = b.get("baseFeePerGas");
        return new BlockHeader(Quantities.longValue(b.path("number").asString()),
                b.path("hash").asString().toLowerCase(Locale.ROOT),
                b.path("parentHash").asString().toLowerCase(Locale.ROOT),
                Quantities.longValue(b.path("timestamp").asString()),
                base == null || base.isNull() ? BigInteger.ZERO : Quantities.big(base.asString()));
    }
}
