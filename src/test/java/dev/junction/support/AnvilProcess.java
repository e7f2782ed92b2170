package dev.junction.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real anvil node for a test, on a free port or on a given one: a node stopped and started again where it was
 * (the chain-mode staleness tests). The binary is the anvil harness's ({@link AnvilHarness#anvilBinary()}).
 */
public final class AnvilProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("Listening on [0-9.]+:(\\d+)");

    private final Process process;
    private final int port;
    private final long chainId;

    private AnvilProcess(Process process, int port, long chainId) {
        this.process = process;
        this.port = port;
        this.chainId = chainId;
    }

    /** Starts anvil with this chain id on a free port. */
    public static AnvilProcess start(long chainId, String... extraArgs) {
        return start(chainId, 0, extraArgs);
    }

    /** Starts anvil with this chain id on {@code port} (0: a free one). */
    public static AnvilProcess start(long chainId, int port, String... extraArgs) {
        List<String> cmd = new ArrayList<>(List.of(binary().toString(), "--port", Integer.toString(port),
                "--chain-id", Long.toString(chainId)));
        cmd.addAll(List.of(extraArgs));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // a large --load-state takes a while
            while ((line = out.readLine()) != null) {
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    Thread drain = new Thread(() -> drain(out), "anvil-" + chainId + "-out");
                    drain.setDaemon(true);
                    drain.start();
                    return new AnvilProcess(p, Integer.parseInt(m.group(1)), chainId);
                }
                if (System.nanoTime() > deadline) {
                    break;
                }
            }
            p.destroyForcibly();
            throw new IllegalStateException("anvil did not start: " + cmd);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run anvil " + cmd, e);
        }
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // discard
            }
        } catch (IOException ignored) {
            // process ended
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

    /** Stops the node and waits for it to exit. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
