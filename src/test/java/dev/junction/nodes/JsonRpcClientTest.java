package dev.junction.nodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.junction.support.AnvilProcess;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client against a real anvil node, and against HTTP servers that fail the way providers fail (429, 503, silence,
 * a closed port), to show the retry, failover and error typing.
 */
class JsonRpcClientTest {

    /**
     * Short backoffs, and a timeout long enough that a loaded machine never turns a slow answer into a retry: the
     * tests that count requests would otherwise see a timed-out request sent again.
     */
    private static final RpcSettings FAST = new RpcSettings(Duration.ofSeconds(30), 4, Duration.ofMillis(10),
            Duration.ofMillis(50), 500, Duration.ofSeconds(60));
    /** For the test of a node that never answers: the timeout itself is what it waits for. */
    private static final RpcSettings SHORT_TIMEOUT = new RpcSettings(Duration.ofSeconds(2), 4, Duration.ofMillis(10),
            Duration.ofMillis(50), 500, Duration.ofSeconds(60));

    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    /** A server answering the n-th request (from 0) with {@code script}: HTTP status and body. */
    private URI server(IntFunction<Reply> script, ConcurrentLinkedQueue<String> bodies) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger n = new AtomicInteger();
        s.createContext("/", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            bodies.add(body);
            Reply r = script.apply(n.getAndIncrement());
            if (r.delayMillis > 0) {
                try {
                    Thread.sleep(r.delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] bytes = r.body.replace("$ID", firstId(body)).getBytes(StandardCharsets.UTF_8);
            if (r.retryAfter != null) {
                ex.getResponseHeaders().add("Retry-After", r.retryAfter);
            }
            ex.sendResponseHeaders(r.status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                ex.getResponseBody().write(bytes);
            }
            ex.close();
        });
        s.start();
        servers.add(s);
        return URI.create("http://127.0.0.1:" + s.getAddress().getPort() + "/");
    }

    private static String firstId(String body) {
        int i = body.indexOf("\"id\":");
        if (i < 0) {
            return "0";
        }
        int j = i + 5;
        while (j < body.length() && Character.isDigit(body.charAt(j))) {
            j++;
        }
        return body.substring(i + 5, j);
    }

    private record Reply(int status, String body, long delayMillis, String retryAfter) {
        static Reply ok(String result) {
            return new Reply(200, "[{\"jsonrpc\":\"2.0\",\"id\":$ID,\"result\":" + result + "}]", 0, null);
        }

        static Reply status(int status) {
            return new Reply(status, "", 0, null);
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void batchAgainstAnvilAnswersEachCallInOrderWithTypedErrors() {
        try (AnvilProcess anvil = AnvilProcess.start(31_337)) {
            JsonRpcClient client = new JsonRpcClient(List.of(anvil.rpcUrl()), FAST);
            List<RpcResult> r = client.batch(List.of(RpcCall.of("eth_chainId"), RpcCall.of("no_such_method"),
                    RpcCall.of("eth_blockNumber")));
            assertThat(r.get(0).orThrow().asString()).isEqualTo("0x7a69");
            assertThat(r.get(1).error().type()).isEqualTo(RpcErrorType.METHOD_NOT_FOUND);
            assertThat(r.get(2).orThrow().asString()).isEqualTo("0x0");
            assertThat(client.httpRequests()).isEqualTo(1);
            EthRpc eth = new EthRpc(client);
            assertThat(eth.chainId()).isEqualTo(31_337);
            BlockHeader genesis = eth.block(0);
            assertThat(genesis.number()).isZero();
            assertThat(genesis.hash().value()).startsWith("0x").hasSize(66);
        }
    }

    @Test
    void aRevertedCallIsTypedWithItsDecodedReason() {
        try (AnvilProcess anvil = AnvilProcess.start(31_337)) {
            JsonRpcClient client = new JsonRpcClient(List.of(anvil.rpcUrl()), FAST);
            // Init code that reverts with Error("no"): stores the ABI-encoded reason and reverts with it.
            String reason = "08c379a0" + "%064x".formatted(32) + "%064x".formatted(2)
                    + "6e6f" + "0".repeat(60);
            String initCode = initCodeReverting(reason);
            assertThatThrownBy(() -> client.call("eth_call", Map.of("data", initCode), "latest"))
                    .isInstanceOfSatisfying(RpcException.class, e -> {
                        assertThat(e.type()).isEqualTo(RpcErrorType.EXECUTION_REVERTED);
                        assertThat(e.revertReason()).contains("no");
                    });
        }
    }

    /** EVM code that copies {@code data} (hex, whole words) to memory and reverts with it. */
    private static String initCodeReverting(String data) {
        StringBuilder code = new StringBuilder("0x");
        int words = data.length() / 64;
        for (int w = 0; w < words; w++) {
            code.append("7f").append(data, w * 64, w * 64 + 64); // PUSH32 word
            code.append("60").append("%02x".formatted(w * 32)).append("52"); // PUSH1 offset MSTORE
        }
        code.append("60").append("%02x".formatted(4 + 32 * 3)).append("6000fd"); // PUSH1 len PUSH1 0 REVERT
        return code.toString();
    }

    @Test
    void rateLimitedThenAnsweredIsRetriedOnTheSameUrl() throws IOException {
        ConcurrentLinkedQueue<String> bodies = new ConcurrentLinkedQueue<>();
        URI url = server(n -> n < 2 ? new Reply(429, "", 0, "0") : Reply.ok("\"0x10\""), bodies);
        JsonRpcClient client = new JsonRpcClient(List.of(url), FAST);
        assertThat(client.call("eth_blockNumber").asString()).isEqualTo("0x10");
        assertThat(bodies).hasSize(3);
        assertThat(client.httpRequests()).isEqualTo(3);
    }

    @Test
    void aRefusedOrFailingUrlFailsOverToTheNextInOrder() throws IOException {
        ConcurrentLinkedQueue<String> down = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> up = new ConcurrentLinkedQueue<>();
        URI failing = server(n -> Reply.status(503), down);
        URI working = server(n -> Reply.ok("\"0x2a\""), up);
        URI refused = URI.create("http://127.0.0.1:" + closedPort());
        JsonRpcClient client = new JsonRpcClient(List.of(refused, failing, working), FAST);
        assertThat(client.call("eth_blockNumber").asString()).isEqualTo("0x2a");
        assertThat(down).hasSize(1);
        assertThat(up).hasSize(1);
        // The working URL is now preferred: the next call goes straight there.
        assertThat(client.call("eth_blockNumber").asString()).isEqualTo("0x2a");
        assertThat(down).hasSize(1);
        assertThat(up).hasSize(2);
    }

    @Test
    void aSilentNodeTimesOutAndTheNextUrlAnswers() throws IOException {
        ConcurrentLinkedQueue<String> slow = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> fast = new ConcurrentLinkedQueue<>();
        URI silent = server(n -> new Reply(200, "[]", 3_000, null), slow);
        URI answering = server(n -> Reply.ok("\"0x1\""), fast);
        JsonRpcClient client = new JsonRpcClient(List.of(silent, answering), SHORT_TIMEOUT);
        assertThat(client.call("eth_chainId").asString()).isEqualTo("0x1");
        assertThat(slow).hasSize(1);
    }

    @Test
    void everyAttemptFailingAnswersTheLastTypedError() throws IOException {
        ConcurrentLinkedQueue<String> bodies = new ConcurrentLinkedQueue<>();
        URI failing = server(n -> Reply.status(502), bodies);
        JsonRpcClient client = new JsonRpcClient(List.of(failing), FAST);
        assertThatThrownBy(() -> client.call("eth_blockNumber")).isInstanceOfSatisfying(RpcException.class,
                e -> assertThat(e.type()).isEqualTo(RpcErrorType.SERVER_UNAVAILABLE));
        assertThat(bodies).hasSize(FAST.maxAttempts());
    }

    @Test
    void aNodeErrorIsNotRetried() throws IOException {
        ConcurrentLinkedQueue<String> bodies = new ConcurrentLinkedQueue<>();
        URI url = server(n -> new Reply(200,
                "[{\"jsonrpc\":\"2.0\",\"id\":$ID,\"error\":{\"code\":-32602,\"message\":\"invalid argument 0\"}}]", 0,
                null), bodies);
        JsonRpcClient client = new JsonRpcClient(List.of(url), FAST);
        assertThatThrownBy(() -> client.call("eth_getBalance", "bad")).isInstanceOfSatisfying(RpcException.class,
                e -> {
                    assertThat(e.type()).isEqualTo(RpcErrorType.INVALID_PARAMS);
                    assertThat(e.code()).isEqualTo(-32602);
                    assertThat(e.getMessage()).contains("invalid argument 0");
                });
        assertThat(bodies).hasSize(1);
    }

    @Test
    void aBatchLargerThanTheLimitIsSentInSeveralRequests() {
        try (AnvilProcess anvil = AnvilProcess.start(31_337)) {
            JsonRpcClient client = new JsonRpcClient(List.of(anvil.rpcUrl()),
                    new RpcSettings(Duration.ofSeconds(5), 2, Duration.ofMillis(10), Duration.ofMillis(50), 10,
                            Duration.ofSeconds(60)));
            List<RpcCall> calls = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                calls.add(RpcCall.of("eth_getBalance", "0x%040x".formatted(i + 1), "latest"));
            }
            List<RpcResult> r = client.batch(calls);
            assertThat(r).hasSize(25).allSatisfy(x -> assertThat(x.ok()).isTrue());
            assertThat(client.httpRequests()).isEqualTo(3);
        }
    }
}
