package dev.junction.execution.relayer;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real anvil node on a free port, killed on close. The binary is the npm package
 * {@code @foundry-rs/anvil-linux-amd64} of the anvil harness ({@code chains/node_modules}), or {@code $ANVIL}.
 */
public final class AnvilNode implements AutoCloseable {

    private final Process process;
    public final int port;
    public final long chainId;
    public final JsonRpcEthClient rpc;

    private AnvilNode(Process process, int port, long chainId) {
        this.process = process;
        this.port = port;
        this.chainId = chainId;
        this.rpc = new JsonRpcEthClient(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(5));
    }

    public static AnvilNode start(long chainId, String... extra) throws Exception {
        return start(chainId, freePort(), extra);
    }

    public static AnvilNode start(long chainId, int port, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(binary().toString(), "--port", Integer.toString(port), "--chain-id",
                Long.toString(chainId), "--silent"));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        AnvilNode node = new AnvilNode(p, port, chainId);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try {
                node.rpc.chainId();
                return node;
            } catch (NodeUnavailableException e) {
                if (!p.isAlive() || System.nanoTime() > end) {
                    p.destroyForcibly();
                    throw new IllegalStateException("anvil did not start on port " + port, e);
                }
                Thread.sleep(50);
            }
        }
    }

    static Path binary() {
        String env = System.getenv("ANVIL");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        Path p = Path.of("chains/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil").toAbsolutePath();
        if (!Files.isExecutable(p)) {
            throw new IllegalStateException("anvil not found at " + p + ": run `npm ci` in chains/ (or set ANVIL)");
        }
        return p;
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
