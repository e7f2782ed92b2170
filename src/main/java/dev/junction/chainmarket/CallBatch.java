package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.rpc.JsonRpcClient;
import dev.junction.rpc.Quantities;
import dev.junction.rpc.RpcCall;
import dev.junction.rpc.RpcErrorType;
import dev.junction.rpc.RpcResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Read-only calls at one block, batched: through Multicall3's {@code aggregate3} (many calls per {@code eth_call},
 * several {@code eth_call}s per HTTP request) where the chain has it, else one JSON-RPC batch of {@code eth_call}s.
 * A call that reverts answers null.
 */
final class CallBatch {

    /** Calls per {@code aggregate3}. */
    static final int PER_AGGREGATE = 400;

    private final JsonRpcClient client;
    private final Address multicall3;

    /** @param multicall3 null to use JSON-RPC batches only */
    CallBatch(JsonRpcClient client, Address multicall3) {
        this.client = client;
        this.multicall3 = multicall3;
    }

    boolean usesMulticall() {
        return multicall3 != null;
    }

    /** Each call's return data (0x hex), null where it reverted, in order. */
    List<String> run(List<Abi.Call> calls, long block) {
        String tag = Quantities.of(block);
        List<String> out = new ArrayList<>(calls.size());
        if (calls.isEmpty()) {
            return out;
        }
        if (multicall3 == null) {
            List<RpcCall> rpc = new ArrayList<>(calls.size());
            for (Abi.Call c : calls) {
                rpc.add(RpcCall.of("eth_call", Map.of("to", c.target().lower(), "data", c.data()), tag));
            }
            for (RpcResult r : client.batch(rpc)) {
                out.add(r.ok() ? r.result().asString() : revertedOrThrow(r));
            }
            return out;
        }
        List<RpcCall> rpc = new ArrayList<>();
        for (int from = 0; from < calls.size(); from += PER_AGGREGATE) {
            List<Abi.Call> chunk = calls.subList(from, Math.min(calls.size(), from + PER_AGGREGATE));
            rpc.add(RpcCall.of("eth_call", Map.of("to", multicall3.lower(), "data", Abi.aggregate3(chunk)), tag));
        }
        for (RpcResult r : client.batch(rpc)) {
            out.addAll(Abi.aggregate3Results(r.orThrow().asString()));
        }
        return out;
    }

    private static String revertedOrThrow(RpcResult r) {
        if (r.error().type() == RpcErrorType.EXECUTION_REVERTED) {
            return null;
        }
        throw r.error();
    }
}
