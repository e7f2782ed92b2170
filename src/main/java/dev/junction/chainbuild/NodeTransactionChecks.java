package dev.junction.chainbuild;

import dev.junction.calldata.TransactionChecks;
import dev.junction.calldata.RouterErrors;
import dev.junction.calldata.Transaction;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcErrorType;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.RpcResult;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * {@link TransactionChecks} through each chain's node: {@code eth_estimateGas} and {@code eth_call} of the built
 * transaction from the sender, at the latest block. Where the sender's balance or allowance of the input is short,
 * the call overrides exactly that state (anvil, geth, reth and Erigon accept a state-override set as the third
 * parameter of {@code eth_call}); the storage slot of an ERC-20's balance and allowance mappings is found once per
 * token by probing and remembered.
 */
final class NodeTransactionChecks implements TransactionChecks {

    /** A value a probe plants in a candidate slot; a token answering it from {@code balanceOf} uses that slot. */
    private static final BigInteger PLANTED = new BigInteger("5a17ed0000000000000000000000000000000000000000000000004a", 16);

    private final Nodes nodes;
    private final ConcurrentMap<String, Optional<StorageSlots>> balanceLayouts = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Optional<StorageSlots>> allowanceLayouts = new ConcurrentHashMap<>();

    NodeTransactionChecks(Nodes nodes) {
        this.nodes = nodes;
    }

    @Override
    public boolean covers(ChainId chain) {
        return nodes.find(chain).isPresent();
    }

    @Override
    public Optional<BigInteger> estimateGas(Transaction tx, Address sender, Address inputToken, BigInteger amountIn) {
        JsonRpcClient node = node(tx.chain());
        Map<String, Object> call = callObject(tx, sender);
        try {
            return Optional.of(Quantities.big(node.call("eth_estimateGas", call).asString()));
        } catch (RpcException e) {
            if (e.type().retryable()) {
                throw e;
            }
        }
        // Reverts as the sender stands now: estimate as it will stand after funding and approving.
        String at = Quantities.of(Quantities.longValue(node.call("eth_blockNumber").asString()));
        StateOverrides overrides = overrides(node, at, tx, sender, inputToken, amountIn);
        if (overrides.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Quantities.big(node.call("eth_estimateGas", call, at, overrides.accounts()).asString()));
        } catch (RpcException e) {
            if (e.type().retryable()) {
                throw e;
            }
            return Optional.empty(); // the route itself reverts (or the node takes no overrides here)
        }
    }

    @Override
    public Simulation simulate(Transaction tx, Address sender, Address inputToken, BigInteger amountIn) {
        JsonRpcClient node = node(tx.chain());
        long block = Quantities.longValue(node.call("eth_blockNumber").asString());
        String at = Quantities.of(block);
        StateOverrides overrides = overrides(node, at, tx, sender, inputToken, amountIn);
        Map<String, Object> call = callObject(tx, sender);
        try {
            if (overrides.isEmpty()) {
                node.call("eth_call", call, at);
            } else {
                node.call("eth_call", call, at, overrides.accounts());
            }
            return new Simulation(true, null, block, overrides.description());
        } catch (RpcException e) {
            if (e.type() != RpcErrorType.EXECUTION_REVERTED && e.type().retryable()) {
                throw e;
            }
            String reason = "eth_call of the transaction from Sender at block " + block + " reverted: "
                    + RouterErrors.decode(e.data().orElse(null), e.getMessage()).message();
            return new Simulation(false, reason, block, overrides.description());
        }
    }

    /**
     * A state-override set ({@code eth_call}'s and {@code eth_estimateGas}'s third parameter) and what it overrides.
     */
    record StateOverrides(Map<String, Map<String, Object>> accounts, List<String> overridden) {

        boolean isEmpty() {
            return accounts.isEmpty();
        }

        String description() {
            return String.join(" and ", overridden);
        }
    }

    /** The overrides that fund and approve the sender's input where it is short, at block {@code at}. */
    private StateOverrides overrides(JsonRpcClient node, String at, Transaction tx, Address sender, Address inputToken,
            BigInteger amountIn) {
        Map<String, Map<String, Object>> overrides = new LinkedHashMap<>();
        List<String> overridden = new ArrayList<>();
        if (inputToken.isNative()) {
            BigInteger balance = Quantities.big(node.call("eth_getBalance", sender.lower(), at).asString());
            if (balance.compareTo(tx.value()) < 0) {
                overrides.computeIfAbsent(sender.lower(), k -> new LinkedHashMap<>())
                        .put("balance", Quantities.of(tx.value()));
                overridden.add("the sender's native balance");
            }
        } else {
            overrideShortfalls(node, at, tx, sender, inputToken, amountIn, overrides, overridden);
        }
        return new StateOverrides(overrides, overridden);
    }

    private void overrideShortfalls(JsonRpcClient node, String at, Transaction tx, Address sender, Address token,
            BigInteger amountIn, Map<String, Map<String, Object>> overrides, List<String> overridden) {
        String balanceOf = StorageSlots.addressCall("balanceOf(address)", sender);
        String allowance = StorageSlots.addressCall("allowance(address,address)", sender,
                tx.allowanceTarget());
        List<RpcResult> now = node.batch(List.of(
                RpcCall.of("eth_call", Map.of("to", token.lower(), "data", balanceOf), at),
                RpcCall.of("eth_call", Map.of("to", token.lower(), "data", allowance), at)));
        Map<String, String> stateDiff = new LinkedHashMap<>();
        if (word(now.get(0)).compareTo(amountIn) < 0) {
            layout(balanceLayouts, node, at, tx.chain(), token, sender, null).ifPresent(slots -> {
                stateDiff.put(slots.of(sender), StorageSlots.quantityWord(amountIn));
                overridden.add("the sender's balance");
            });
        }
        if (word(now.get(1)).compareTo(amountIn) < 0) {
            layout(allowanceLayouts, node, at, tx.chain(), token, sender, tx.allowanceTarget()).ifPresent(slots -> {
                stateDiff.put(slots.of(sender, tx.allowanceTarget()), StorageSlots.quantityWord(amountIn));
                overridden.add("the sender's allowance to " + tx.allowanceTarget().lower());
            });
        }
        if (!stateDiff.isEmpty()) {
            overrides.computeIfAbsent(token.lower(), k -> new LinkedHashMap<>()).put("stateDiff", stateDiff);
        }
    }

    /**
     * The token's mapping layout, probed once: every candidate slot is planted in one JSON-RPC batch and the first
     * that {@code balanceOf} (or {@code allowance}) answers back is the one.
     *
     * @param spender null to probe the balance mapping, else the allowance mapping
     */
    private Optional<StorageSlots> layout(ConcurrentMap<String, Optional<StorageSlots>> cache, JsonRpcClient node,
            String at, ChainId chain, Address token, Address owner, Address spender) {
        String key = chain.value() + ":" + token.lower();
        Optional<StorageSlots> known = cache.get(key);
        if (known != null) {
            return known;
        }
        String data = spender == null ? StorageSlots.addressCall("balanceOf(address)", owner)
                : StorageSlots.addressCall("allowance(address,address)", owner, spender);
        List<StorageSlots> candidates = StorageSlots.candidates();
        List<RpcCall> probes = new ArrayList<>();
        for (StorageSlots c : candidates) {
            String slot = spender == null ? c.of(owner) : c.of(owner, spender);
            Map<String, Object> override = Map.of(token.lower(),
                    Map.of("stateDiff", Map.of(slot, StorageSlots.quantityWord(PLANTED))));
            probes.add(RpcCall.of("eth_call", Map.of("to", token.lower(), "data", data), at, override));
        }
        List<RpcResult> answers = node.batch(probes);
        Optional<StorageSlots> found = Optional.empty();
        for (int i = 0; i < candidates.size(); i++) {
            if (answers.get(i).ok() && word(answers.get(i)).equals(PLANTED)) {
                found = Optional.of(candidates.get(i));
                break;
            }
        }
        cache.put(key, found);
        return found;
    }

    private static BigInteger word(RpcResult r) {
        if (!r.ok()) {
            return BigInteger.ZERO;
        }
        String hex = r.result().asString();
        return AbiDecoder.words(hex) < 1 ? BigInteger.ZERO : AbiDecoder.uint(hex, 0);
    }

    private static Map<String, Object> callObject(Transaction tx, Address sender) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("from", sender.lower());
        call.put("to", tx.to().lower());
        call.put("data", tx.data());
        call.put("value", Quantities.of(tx.value()));
        return call;
    }

    private JsonRpcClient node(ChainId chain) {
        return nodes.of(chain).client();
    }
}
