package dev.junction.nodes;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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

    /**
     * {@code eth_getLogs} of one contract over blocks {@code from..to}.
     *
     * @param topics per position, the accepted values (an empty list: any)
     */
    public List<LogEntry> logs(Address address, long from, long to, List<List<String>> topics) {
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("address", address.lower());
        filter.put("fromBlock", Quantities.of(from));
        filter.put("toBlock", Quantities.of(to));
        filter.put("topics", topics.stream().map(t -> t.isEmpty() ? null : t).toList());
        return parseLogs(client.call("eth_getLogs", filter));
    }

    /**
     * A transaction and its receipt, in one request: empty when the node does not know the hash; a receipt of
     * {@code null} while the transaction is not mined.
     */
    public Optional<Lookup> transaction(String hash) {
        List<RpcResult> r = client.batch(List.of(RpcCall.of("eth_getTransactionByHash", hash),
                RpcCall.of("eth_getTransactionReceipt", hash)));
        JsonNode tx = r.get(0).orThrow();
        JsonNode receipt = r.get(1).orThrow();
        if (tx == null || tx.isNull()) {
            return Optional.empty();
        }
        return Optional.of(new Lookup(parseTx(tx), receipt == null || receipt.isNull() ? null
                : parseReceipt(receipt)));
    }

    /** The receipt of a transaction, empty while it is unknown or not mined. */
    public Optional<TxReceipt> receipt(String hash) {
        JsonNode r = client.call("eth_getTransactionReceipt", hash);
        return r == null || r.isNull() ? Optional.empty() : Optional.of(parseReceipt(r));
    }

    /** A transaction and, once it is mined, its receipt. */
    public record Lookup(ChainTx tx, TxReceipt receipt) {
    }

    /**
     * Re-runs a transaction as {@code eth_call} (same sender, target, value, gas and input) on the state of
     * {@code block}: answers the revert data when it reverts ({@code 0x} for a revert without data), empty when it
     * does not.
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
                    (int) Quantities.longValue(l.path("logIndex").asString("0x0")), l.path("removed").asBoolean(false),
                    l.hasNonNull("transactionHash") ? l.get("transactionHash").asString().toLowerCase(Locale.ROOT)
                            : null));
        }
        return out;
    }

    public static ChainTx parseTx(JsonNode t) {
        JsonNode to = t.get("to");
        JsonNode block = t.get("blockNumber");
        return new ChainTx(t.path("hash").asString().toLowerCase(Locale.ROOT), Address.evm(t.path("from").asString()),
                to == null || to.isNull() ? null : Address.evm(to.asString()), t.path("input").asString("0x"),
                Quantities.big(t.path("value").asString("0x0")), Quantities.big(t.path("gas").asString("0x0")),
                block == null || block.isNull() ? null : Quantities.longValue(block.asString()));
    }

    public static TxReceipt parseReceipt(JsonNode r) {
        JsonNode to = r.get("to");
        return new TxReceipt(r.path("transactionHash").asString().toLowerCase(Locale.ROOT),
                Quantities.longValue(r.path("blockNumber").asString()),
                r.path("blockHash").asString().toLowerCase(Locale.ROOT), "0x1".equals(r.path("status").asString()),
                Address.evm(r.path("from").asString()), to == null || to.isNull() ? null : Address.evm(to.asString()),
                Quantities.longValue(r.path("gasUsed").asString("0x0")), parseLogs(r.path("logs")));
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
