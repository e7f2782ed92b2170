package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.market.Chain;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Ethereum JSON-RPC methods the devnet serves. State is not versioned by block: every block tag reads the current
 * state (documented in the README).
 */
final class EthMethods {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String ZERO_HASH = "0x" + "0".repeat(64);
    private static final String EMPTY_LIST_HASH = "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347";
    private static final String EMPTY_TRIE = "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421";

    private final Devnet devnet;

    EthMethods(Devnet devnet) {
        this.devnet = devnet;
    }

    JsonNode call(Chain c, String method, ArrayNode p) {
        return switch (method) {
            case "eth_chainId" -> text(Quantity.hex(c.id().value()));
            case "net_version" -> text(String.valueOf(c.id().value()));
            case "web3_clientVersion" -> text("junction-devnet/0.1");
            case "eth_accounts" -> NODES.arrayNode();
            case "eth_blockNumber" -> text(Quantity.hex(devnet.head(c)));
            case "eth_getBlockByNumber" -> block(c, blockNumber(c, p, 0, true), bool(p, 1));
            case "eth_getBalance" -> text(Quantity.hex(devnet.balance(c, address(p, 0, "address"))));
            case "eth_getTransactionCount" -> text(Quantity.hex(devnet.nonce(c, address(p, 0, "address"))));
            case "eth_gasPrice" -> text(Quantity.hex(c.gasPriceWei()));
            case "eth_maxPriorityFeePerGas" -> text(Quantity.hex(c.priorityFeeWei()));
            case "eth_feeHistory" -> feeHistory(c, p);
            case "eth_estimateGas" -> text(Quantity.hex(devnet.estimateGas(c, callArgs(p))));
            case "eth_call" -> text(devnet.call(c, callArgs(p)));
            case "eth_sendRawTransaction" -> text(devnet.sendRaw(c, string(p, 0, "the raw transaction")));
            case "eth_getTransactionByHash" -> devnet.transaction(c, hash(p)).map(t -> transaction(c, t))
                    .orElse(null);
            case "eth_getTransactionReceipt" -> devnet.transaction(c, hash(p)).filter(t -> !t.pending())
                    .map(t -> receipt(c, t)).orElse(null);
            case "anvil_setBalance" -> {
                devnet.setBalance(c, address(p, 0, "address"), Quantity.parse(string(p, 1, "balance"), "balance"));
                yield null;
            }
            case "devnet_mint" -> text(Quantity.hex(devnet.mint(c, address(p, 0, "token"), address(p, 1, "to"),
                    amount(p, 2))));
            default -> throw new RpcError(RpcError.METHOD_NOT_FOUND, "the method " + method
                    + " does not exist/is not available");
        };
    }

    // ---- results -------------------------------------------------------------------------------------------------

    private JsonNode block(Chain c, long number, boolean full) {
        long head = devnet.head(c);
        if (number > head) {
            return null;
        }
        List<MinedTx> txs = devnet.block(c, number);
        ObjectNode b = NODES.objectNode();
        b.put("number", Quantity.hex(number));
        b.put("hash", Devnet.blockHash(c, number));
        b.put("parentHash", number == 0 ? ZERO_HASH : Devnet.blockHash(c, number - 1));
        b.put("timestamp", Quantity.hex(devnet.timestampSeconds(c, number)));
        b.put("nonce", "0x0000000000000000");
        b.put("difficulty", "0x0");
        b.put("totalDifficulty", "0x0");
        b.put("gasLimit", Quantity.hex(Devnet.BLOCK_GAS_LIMIT));
        b.put("gasUsed", Quantity.hex(txs.stream().mapToLong(MinedTx::gasUsed).sum()));
        b.put("baseFeePerGas", Quantity.hex(c.baseFeeWei()));
        b.put("miner", Address.ZERO.lower());
        b.put("extraData", "0x");
        b.put("mixHash", ZERO_HASH);
        b.put("sha3Uncles", EMPTY_LIST_HASH);
        b.put("stateRoot", ZERO_HASH);
        b.put("transactionsRoot", txs.isEmpty() ? EMPTY_TRIE : ZERO_HASH);
        b.put("receiptsRoot", txs.isEmpty() ? EMPTY_TRIE : ZERO_HASH);
        b.put("logsBloom", Bloom.of(txs.stream().flatMap(t -> t.logs().stream()).toList()));
        b.put("size", "0x0");
        b.putArray("uncles");
        ArrayNode list = b.putArray("transactions");
        for (MinedTx t : txs) {
            if (full) {
                list.add(transaction(c, t));
            } else {
                list.add(t.hash());
            }
        }
        return b;
    }

    private static ObjectNode transaction(Chain c, MinedTx t) {
        ObjectNode o = NODES.objectNode();
        o.put("hash", t.hash());
        o.put("type", Quantity.hex(t.type()));
        o.put("chainId", Quantity.hex(t.chainId()));
        o.put("nonce", Quantity.hex(t.nonce()));
        if (t.pending()) {
            o.putNull("blockHash");
            o.putNull("blockNumber");
            o.putNull("transactionIndex");
        } else {
            o.put("blockHash", Devnet.blockHash(c, t.blockNumber()));
            o.put("blockNumber", Quantity.hex(t.blockNumber()));
            o.put("transactionIndex", Quantity.hex(t.txIndex()));
        }
        o.put("from", t.from());
        o.put("to", t.to());
        o.put("value", Quantity.hex(t.value()));
        o.put("gas", Quantity.hex(t.gasLimit()));
        o.put("gasPrice", Quantity.hex(t.type() == 2 ? t.effectiveGasPrice() : t.gasPrice()));
        if (t.type() == 2) {
            o.put("maxFeePerGas", Quantity.hex(t.maxFee()));
            o.put("maxPriorityFeePerGas", Quantity.hex(t.maxPriorityFee()));
            o.putArray("accessList");
            o.put("yParity", yParity(t.v()));
        }
        o.put("input", t.input());
        // a typed (EIP-1559) transaction's v is its y parity, 0 or 1 (ethers refuses 27/28 there: "yParity mismatch")
        o.put("v", t.type() == 2 ? yParity(t.v()) : t.v());
        o.put("r", t.r());
        o.put("s", t.s());
        return o;
    }

    private ObjectNode receipt(Chain c, MinedTx t) {
        ObjectNode o = NODES.objectNode();
        String blockHash = Devnet.blockHash(c, t.blockNumber());
        o.put("transactionHash", t.hash());
        o.put("transactionIndex", Quantity.hex(t.txIndex()));
        o.put("blockHash", blockHash);
        o.put("blockNumber", Quantity.hex(t.blockNumber()));
        o.put("from", t.from());
        o.put("to", t.to());
        o.putNull("contractAddress");
        o.put("type", Quantity.hex(t.type()));
        o.put("status", Quantity.hex(t.status()));
        o.put("gasUsed", Quantity.hex(t.gasUsed()));
        o.put("cumulativeGasUsed", Quantity.hex(devnet.cumulativeGas(t)));
        o.put("effectiveGasPrice", Quantity.hex(t.effectiveGasPrice()));
        o.put("logsBloom", Bloom.of(t.logs()));
        if (t.revertReason() != null) {
            o.put("revertReason", t.revertReason());
        }
        ArrayNode logs = o.putArray("logs");
        for (int i = 0; i < t.logs().size(); i++) {
            EvmAbi.Log l = t.logs().get(i);
            ObjectNode log = logs.addObject();
            log.put("address", l.address());
            ArrayNode topics = log.putArray("topics");
            l.topics().forEach(topics::add);
            log.put("data", l.data());
            log.put("blockNumber", Quantity.hex(t.blockNumber()));
            log.put("blockHash", blockHash);
            log.put("transactionHash", t.hash());
            log.put("transactionIndex", Quantity.hex(t.txIndex()));
            log.put("logIndex", Quantity.hex(i));
            log.put("removed", false);
        }
        return o;
    }

    private JsonNode feeHistory(Chain c, ArrayNode p) {
        long count = p.size() > 0 && p.get(0).isNumber() ? p.get(0).asLong()
                : Quantity.parse(string(p, 0, "blockCount"), "blockCount").longValueExact();
        if (count < 1 || count > 1024) {
            throw RpcError.params("blockCount must be from 1 to 1024");
        }
        long newest = blockNumber(c, p, 1, false);
        long oldest = Math.max(0, newest - count + 1);
        ObjectNode o = NODES.objectNode();
        o.put("oldestBlock", Quantity.hex(oldest));
        ArrayNode base = o.putArray("baseFeePerGas");
        ArrayNode ratio = o.putArray("gasUsedRatio");
        JsonNode percentiles = p.size() > 2 ? p.get(2) : null;
        ArrayNode reward = percentiles != null && percentiles.isArray() ? o.putArray("reward") : null;
        for (long n = oldest; n <= newest; n++) {
            base.add(Quantity.hex(c.baseFeeWei()));
            long used = devnet.block(c, n).stream().mapToLong(MinedTx::gasUsed).sum();
            ratio.add((double) used / Devnet.BLOCK_GAS_LIMIT);
            if (reward != null) {
                ArrayNode r = reward.addArray();
                for (int i = 0; i < percentiles.size(); i++) {
                    r.add(Quantity.hex(c.priorityFeeWei()));
                }
            }
        }
        base.add(Quantity.hex(c.baseFeeWei()));
        return o;
    }

    // ---- params ------------------------------------------------------------------------------------------------------

    private long blockNumber(Chain c, ArrayNode p, int i, boolean required) {
        JsonNode n = p.get(i);
        if (n == null || n.isNull()) {
            if (required) {
                throw RpcError.params("param " + i + " (block) is required");
            }
            return devnet.head(c);
        }
        if (!n.isString()) {
            throw RpcError.params("param " + i + " (block) must be a block tag or a hex block number");
        }
        return switch (n.asString()) {
            case "latest", "pending", "safe", "finalized" -> devnet.head(c);
            case "earliest" -> 0;
            default -> Quantity.parse(n.asString(), "block number").longValueExact();
        };
    }

    private static boolean bool(ArrayNode p, int i) {
        JsonNode n = p.get(i);
        if (n == null || n.isNull()) {
            return false;
        }
        if (!n.isBoolean()) {
            throw RpcError.params("param " + i + " must be a boolean");
        }
        return n.asBoolean();
    }

    private static String string(ArrayNode p, int i, String what) {
        JsonNode n = p.get(i);
        if (n == null || !n.isString()) {
            throw RpcError.params("param " + i + " (" + what + ") must be a string");
        }
        return n.asString();
    }

    private static Address address(ArrayNode p, int i, String what) {
        return Quantity.address(string(p, i, what), what);
    }

    private static String hash(ArrayNode p) {
        String h = string(p, 0, "transaction hash");
        if (!h.matches("0x[0-9a-fA-F]{64}")) {
            throw RpcError.params("the transaction hash must be 0x followed by 64 hex digits");
        }
        return h.toLowerCase(Locale.ROOT);
    }

    /** An amount as a 0x quantity, a base-10 string or a JSON integer. */
    private static BigInteger amount(ArrayNode p, int i) {
        JsonNode n = p.get(i);
        if (n != null && n.isIntegralNumber() && n.bigIntegerValue().signum() >= 0) {
            return n.bigIntegerValue();
        }
        if (n != null && n.isString()) {
            String s = n.asString();
            if (s.startsWith("0x")) {
                return Quantity.parse(s, "amount");
            }
            if (s.matches("[0-9]{1,78}")) {
                return new BigInteger(s);
            }
        }
        throw RpcError.params("param " + i + " (amount) must be a 0x quantity or a base-10 integer string");
    }

    private static Devnet.Call callArgs(ArrayNode p) {
        JsonNode o = p.get(0);
        if (o == null || !o.isObject()) {
            throw RpcError.params("param 0 must be a call object {from, to, data, value}");
        }
        Address from = o.hasNonNull("from") ? Quantity.address(o.get("from").asString(), "from") : Address.ZERO;
        Address to = o.hasNonNull("to") ? Quantity.address(o.get("to").asString(), "to") : null;
        BigInteger value = o.hasNonNull("value") ? Quantity.parse(o.get("value").asString(), "value") : BigInteger.ZERO;
        String data = o.hasNonNull("input") ? o.get("input").asString()
                : o.hasNonNull("data") ? o.get("data").asString() : "0x";
        return new Devnet.Call(from, to, value, Quantity.bytes(data, "data"));
    }

    private static JsonNode text(String s) {
        return NODES.stringNode(s);
    }

    /** The y parity (0x0 or 0x1) of a stored v (0/1 or 27/28, hex). */
    private static String yParity(String v) {
        long n = Long.decode(v);
        return Quantity.hex(n >= 27 ? n - 27 : n);
    }
}
