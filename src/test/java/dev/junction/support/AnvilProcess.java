package dev.junction.support;

import dev.junction.chain.Address;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A real anvil node for a test (the anvil harness's binary, {@link AnvilHarness#anvilBinary()}), on a free port of
 * 127.0.0.1 or on a given one: a node stopped and started again where it was (the staleness and restart tests), and a
 * test's hand on it: {@code eth_call}s at a block and transactions from anvil's unlocked dev accounts
 * ({@code eth_sendTransaction}), mined at once (automine). {@link #close()} stops it.
 */
public final class AnvilProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("Listening on [0-9.]+:(\\d+)");
    /** The gas of a dev account's transaction: anvil's block gas limit, 30M. */
    private static final String GAS = "0x1c9c380";

    private final Process process;
    private final int port;
    private final long chainId;
    private final JsonRpcClient rpc;

    private AnvilProcess(Process process, int port, long chainId) {
        this.process = process;
        this.port = port;
        this.chainId = chainId;
        this.rpc = new JsonRpcClient(List.of(rpcUrl()), RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30))
                .withAttempts(1, Duration.ZERO, Duration.ZERO));
    }

    /** Starts anvil with this chain id on a free port (a block per transaction unless {@code extraArgs} say else). */
    public static AnvilProcess start(long chainId, String... extraArgs) {
        return start(chainId, 0, extraArgs);
    }

    /**
     * Starts anvil with this chain id on {@code port} (0: a free one) with extra anvil options, e.g. to stop a node and
     * bring it back at the same URL with its state: {@code --state FILE} and the first node's {@link #port()}.
     */
    public static AnvilProcess start(long chainId, int port, String... extraArgs) {
        List<String> cmd = new ArrayList<>(List.of(binary().toString(), "--host", "127.0.0.1", "--port",
                Integer.toString(port), "--chain-id", Long.toString(chainId)));
        cmd.addAll(List.of(extraArgs));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder seen = new StringBuilder();
            String line;
            while ((line = out.readLine()) != null) {
                seen.append(line).append('\n');
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    AnvilHarness.drain(p); // what the reader holds already is discarded with it
                    return new AnvilProcess(p, Integer.parseInt(m.group(1)), chainId);
                }
            }
            stop(p);
            throw new IllegalStateException("anvil did not start: " + cmd + "\n" + seen);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run anvil " + cmd, e);
        }
    }

    /** The anvil binary: {@code -Danvil.path} / {@code ANVIL_PATH}, else the harness's ({@code npm ci} in chains/). */
    public static Path binary() {
        String configured = System.getProperty("anvil.path", System.getenv("ANVIL_PATH"));
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        try {
            return AnvilHarness.anvilBinary();
        } catch (IOException e) {
            throw new IllegalStateException("cannot install the anvil harness in chains/", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted installing the anvil harness", e);
        }
    }

    public int port() {
        return port;
    }

    public long chainId() {
        return chainId;
    }

    public URI rpcUrl() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A JSON-RPC client of this node (30 s timeout, no retries). */
    public JsonRpcClient rpc() {
        return rpc;
    }

    /** The latest block's number. */
    public long blockNumber() {
        return new BigInteger(rpc.call("eth_blockNumber").asString().substring(2), 16).longValueExact();
    }

    /** {@code eth_call} of {@code data} to {@code to} at {@code block}; answers the returned hex. */
    public String call(Address to, String data, long block) {
        return rpc.call("eth_call", Map.of("to", to.lower(), "data", data), "0x" + Long.toHexString(block)).asString();
    }

    /** Sends a transaction from an unlocked dev account; fails when it reverts. Answers its block number. */
    public long send(Address from, Address to, String data) {
        JsonNode receipt = mined(Map.of("from", from.lower(), "to", to.lower(), "data", data, "gas", GAS),
                "transaction to " + to);
        return new BigInteger(receipt.path("blockNumber").asString().substring(2), 16).longValueExact();
    }

    /** {@link #send(Address, Address, String)} with {@code value} wei. */
    public long send(Address from, Address to, String data, BigInteger value) {
        JsonNode receipt = mined(Map.of("from", from.lower(), "to", to.lower(), "data", data, "gas", GAS,
                "value", "0x" + value.toString(16)), "transaction to " + to);
        return new BigInteger(receipt.path("blockNumber").asString().substring(2), 16).longValueExact();
    }

    /** Deploys {@code initCode} from an unlocked dev account; answers the new contract's address. */
    public Address deploy(Address from, String initCode) {
        JsonNode receipt = mined(Map.of("from", from.lower(), "data", initCode, "gas", GAS), "deployment");
        return Address.evm(receipt.path("contractAddress").asString());
    }

    /**
     * Sends the transaction and waits (up to 15 s: a node that mines a block a second, on a busy machine) for its
     * receipt; fails when it reverts.
     */
    private JsonNode mined(Map<String, String> tx, String what) {
        String hash = rpc.call("eth_sendTransaction", tx).asString();
        JsonNode receipt = rpc.call("eth_getTransactionReceipt", hash);
        for (int i = 0; i < 750 && receipt.isNull(); i++) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            receipt = rpc.call("eth_getTransactionReceipt", hash);
        }
        if (!"0x1".equals(receipt.path("status").asString())) {
            throw new AssertionError(what + " reverted: " + receipt);
        }
        return receipt;
    }

    /** Stops the node and waits for it to exit. */
    @Override
    public void close() {
        stop(process);
    }

    /** Stops a process of the harness (SIGTERM, then SIGKILL after 10 s) and waits for it to exit. */
    static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
