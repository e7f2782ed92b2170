package dev.junction.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Java side of the anvil harness in {@code chains/} (a Node.js package): installs it with {@code npm ci} on first
 * use, provides anvil (the binary of the npm package {@code @foundry-rs/anvil-linux-amd64}; a node is an
 * {@link AnvilProcess}), deploys a market of real protocol bytecode with {@code chains/bin/deploy-market.mjs} and runs
 * the Across test relayer. Every process it starts is stopped by {@link AutoCloseable#close()} (use
 * try-with-resources or an {@code @AfterAll}).
 */
public final class AnvilHarness {

    /** The {@code chains/} directory (tests run from the project root). */
    public static final File DIR = new File("chains");

    /** anvil's default dev accounts 0..3 (10,000 ETH each on a fresh chain): public test keys, never secrets. */
    public static final List<String> DEV_KEYS = List.of(
            "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
            "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
            "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
            "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");

    private static final ObjectMapper JSON = new ObjectMapper();

    private AnvilHarness() {
    }

    /** A running {@code across-relayer.mjs}. */
    public record Relayer(Process process) implements AutoCloseable {
        @Override
        public void close() {
            AnvilProcess.stop(process);
        }
    }

    /** Runs {@code npm ci} in {@code chains/} unless it is installed already (idempotent, one install per JVM). */
    public static synchronized void install() throws IOException, InterruptedException {
        if (new File(DIR, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil").canExecute()
                && new File(DIR, "node_modules/ethers").isDirectory()
                && new File(DIR, ".packed/@across-protocol+contracts@5.0.27/package.json").isFile()) {
            return;
        }
        run(List.of("npm", "ci", "--no-audit", "--no-fund"), 600);
    }

    /** The anvil binary. */
    public static Path anvilBinary() throws IOException, InterruptedException {
        install();
        return new File(DIR, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil").toPath().toAbsolutePath();
    }

    /**
     * Deploys the market {@code specJson} describes (format in {@code chains/lib/market.mjs}) and answers the
     * printed JSON object of every address.
     */
    public static JsonNode deployMarket(String rpcUrl, String privateKey, String specJson)
            throws IOException, InterruptedException {
        install();
        Path spec = Files.createTempFile("market-spec", ".json");
        try {
            Files.writeString(spec, specJson);
            return JSON.readTree(run(List.of("node", "bin/deploy-market.mjs", "--rpc", rpcUrl, "--private-key",
                    privateKey, "--spec", spec.toAbsolutePath().toString()), 300));
        } finally {
            Files.deleteIfExists(spec);
        }
    }

    /**
     * Starts the Across test relayer between chains: each entry {@code chainId=rpcUrl=spokePool}.
     */
    public static Relayer startRelayer(String privateKey, List<String> chains) throws IOException, InterruptedException {
        install();
        List<String> cmd = new ArrayList<>(List.of("node", "bin/across-relayer.mjs", "--private-key", privateKey,
                "--poll-ms", "100"));
        for (String c : chains) {
            cmd.addAll(List.of("--chain", c));
        }
        Process p = new ProcessBuilder(cmd).directory(DIR).redirectErrorStream(true).start();
        drain(p);
        return new Relayer(p);
    }

    /**
     * Sends a Junction-built {@code Tx} as an integrator's ethers v6 wallet does ({@code chains/bin/send-built-tx.mjs}:
     * approves the allowance target for exactly the amount, sends the Tx as it is, waits for the receipt); the request
     * and answer are that script's JSON.
     */
    public static JsonNode sendBuiltTx(JsonNode request) throws IOException, InterruptedException {
        install();
        Process p = new ProcessBuilder("node", "bin/send-built-tx.mjs").directory(DIR)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().write(JSON.writeValueAsBytes(request));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            AnvilProcess.stop(p);
            throw new IllegalStateException("send-built-tx.mjs failed: " + out);
        }
        return JSON.readTree(out);
    }

    /**
     * {@link #sendBuiltTx(JsonNode)} of a {@code /build-best-path} answer's {@code Tx} on chain {@code chain}: the
     * wallet of {@code privateKey} approves {@code amount} of {@code fromToken} exactly and sends the Tx, which must
     * succeed; the script's answer, {@code fromToken}'s balances watched.
     */
    public static JsonNode sendBuiltTx(String rpc, String privateKey, long chain, Address fromToken,
            BigInteger amount, JsonNode tx) throws IOException, InterruptedException {
        ObjectNode request = JSON.createObjectNode();
        request.put("rpc", rpc).put("privateKey", privateKey).put("fromToken", fromToken.value())
                .put("amount", amount.toString());
        request.putObject("tx").put("to", tx.path("to").asString()).put("data", tx.path("data").asString())
                .put("value", tx.path("value").asString()).put("gasLimit", tx.path("gasLimit").asString())
                .put("chain", chain).put("allowanceTarget", tx.path("allowanceTarget").asString());
        request.putArray("watch").add(fromToken.value());
        JsonNode sent = sendBuiltTx(request);
        assertThat(sent.path("status").asInt()).as(sent.toString()).isEqualTo(1);
        return sent;
    }

    /** Runs a command in {@code chains/}, answering its stdout; stderr goes to the test log. */
    static String run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(DIR).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            AnvilProcess.stop(p);
            throw new IllegalStateException(String.join(" ", command) + " timed out");
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ": " + out);
        }
        return out;
    }

    /**
     * Discards a process's output on a platform daemon thread: a virtual thread blocked in a pipe read holds its
     * carrier, and two of them (two anvils on a two-core machine) left none for the application's virtual threads.
     */
    static void drain(Process p) {
        Thread.ofPlatform().daemon().name("drain-" + p.pid()).start(() -> {
            try {
                p.getInputStream().transferTo(OutputStream.nullOutputStream());
            } catch (IOException ignored) {
                // the process ended
            }
        });
    }
}
