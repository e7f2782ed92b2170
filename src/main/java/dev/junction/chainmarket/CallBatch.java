package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcErrorType;
import dev.junction.nodes.RpcResult;
import dev.junction.protocol.ContractCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Read-only calls at one block, batched: through Multicall3's {@code aggregate3} (many calls per {@code eth_call},
 * several {@code eth_call}s per HTTP request) where the chain has it, else one JSON-RPC batch of {@code eth_call}s.
 * A call that reverts answers null.
 */
final class CallBatch {

    /** Calls per {@code aggregate3}. */
    static final int PER_AGGREGATE = 400;
    /** Call data (hex characters) per HTTP request: well under the request-body caps of common nodes. */
    static final long MAX_BODY_CHARS = 1_000_000;

    private static final Logger log = LoggerFactory.getLogger(CallBatch.class);

    private static final String AGGREGATE3 = "aggregate3((address,bool,bytes)[])";

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
    List<String> run(List<ContractCall> calls, long block) {
        long started = System.nanoTime();
        String tag = Quantities.of(block);
        List<String> out = new ArrayList<>(calls.size());
        if (calls.isEmpty()) {
            return out;
        }
        if (multicall3 == null) {
            List<RpcCall> rpc = new ArrayList<>(calls.size());
            for (ContractCall c : calls) {
                rpc.add(RpcCall.of("eth_call", Map.of("to", c.target().lower(), "data", c.data()), tag));
            }
            for (RpcResult r : client.batch(rpc)) {
                out.add(r.ok() ? r.result().asString() : revertedOrThrow(r));
            }
            return out;
        }
        // aggregate3 calls, grouped into HTTP requests of at most MAX_BODY_CHARS of call data: nodes cap a request's
        // body (anvil and geth at a few MB; a 2,000-pool round is several MB), so one batch per round would be
        // refused whole ("Invalid request"). The requests of a round are sent concurrently.
        List<List<RpcCall>> requests = new ArrayList<>();
        List<RpcCall> current = new ArrayList<>();
        long chars = 0;
        for (int from = 0; from < calls.size(); from += PER_AGGREGATE) {
            List<ContractCall> chunk = calls.subList(from, Math.min(calls.size(), from + PER_AGGREGATE));
            String data = aggregate3(chunk);
            if (!current.isEmpty() && chars + data.length() > MAX_BODY_CHARS) {
                requests.add(current);
                current = new ArrayList<>();
                chars = 0;
            }
            current.add(RpcCall.of("eth_call", Map.of("to", multicall3.lower(), "data", data), tag));
            chars += data.length();
        }
        requests.add(current);
        long encoded = System.nanoTime();
        List<List<RpcResult>> answered = sendAll(requests);
        long sent = System.nanoTime();
        for (List<RpcResult> answers : answered) {
            for (RpcResult r : answers) {
                out.addAll(AbiDecoder.callResults(r.orThrow().asString()));
            }
        }
        if (log.isDebugEnabled()) {
            log.debug("{} calls in {} HTTP requests: encoded in {} ms, answered in {} ms, decoded in {} ms",
                    calls.size(), requests.size(), (encoded - started) / 1_000_000, (sent - encoded) / 1_000_000,
                    (System.nanoTime() - sent) / 1_000_000);
        }
        return out;
    }

    /**
     * The JSON-RPC calls reading {@code calls} at {@code block}, for a caller that sends them inside its own batch:
     * {@code aggregate3} {@code eth_call}s of at most {@value #PER_AGGREGATE} calls, or one {@code eth_call} each.
     */
    List<RpcCall> requests(List<ContractCall> calls, long block) {
        String tag = Quantities.of(block);
        List<RpcCall> out = new ArrayList<>();
        if (multicall3 == null) {
            for (ContractCall c : calls) {
                out.add(RpcCall.of("eth_call", Map.of("to", c.target().lower(), "data", c.data()), tag));
            }
            return out;
        }
        for (int from = 0; from < calls.size(); from += PER_AGGREGATE) {
            out.add(RpcCall.of("eth_call", Map.of("to", multicall3.lower(), "data",
                    aggregate3(calls.subList(from, Math.min(calls.size(), from + PER_AGGREGATE)))), tag));
        }
        return out;
    }

    /** Each call's return data (null where it reverted) from the answers to {@link #requests} of {@code count} calls. */
    List<String> results(int count, List<RpcResult> answers) {
        List<String> out = new ArrayList<>(count);
        for (RpcResult r : answers) {
            if (multicall3 == null) {
                out.add(r.ok() ? r.result().asString() : revertedOrThrow(r));
            } else {
                out.addAll(AbiDecoder.callResults(r.orThrow().asString()));
            }
        }
        if (out.size() != count) {
            throw new IllegalStateException("expected " + count + " call results, got " + out.size());
        }
        return out;
    }

    /** Each JSON-RPC batch as one HTTP request, concurrently when there are several; answers in order. */
    private List<List<RpcResult>> sendAll(List<List<RpcCall>> requests) {
        if (requests.size() == 1) {
            return List.of(client.batch(requests.getFirst()));
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<List<RpcResult>>> futures = new ArrayList<>();
            for (List<RpcCall> r : requests) {
                futures.add(pool.submit(() -> client.batch(r)));
            }
            List<List<RpcResult>> out = new ArrayList<>();
            for (Future<List<RpcResult>> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while reading the chain", e);
                }
            }
            return out;
        }
    }

    /** Multicall3's {@code aggregate3(calls)} with allowFailure = true for each, as {@code 0x} hex. */
    static String aggregate3(List<ContractCall> calls) {
        List<Abi.Value> tuples = new ArrayList<>(calls.size());
        for (ContractCall c : calls) {
            tuples.add(Abi.tuple(Abi.address(c.target()), Abi.bool(true), Abi.bytes(Hex.decode(c.data()))));
        }
        return Abi.callHex(AGGREGATE3, Abi.tupleArray(tuples));
    }

    private static String revertedOrThrow(RpcResult r) {
        if (r.error().type() == RpcErrorType.EXECUTION_REVERTED) {
            return null;
        }
        throw r.error();
    }
}
