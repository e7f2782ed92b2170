package dev.junction.execution.relayer;

import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

/** A real anvil node ({@link AnvilProcess}: free port, killed on close) with an {@link EthRpc} client of it. */
public final class AnvilNode implements AutoCloseable {

    private final AnvilProcess process;
    public final int port;
    public final long chainId;
    public final EthRpc rpc;

    private AnvilNode(AnvilProcess process) {
        this.process = process;
        this.port = process.port();
        this.chainId = process.chainId();
        this.rpc = new EthRpc(new JsonRpcClient(List.of(process.rpcUrl()),
                RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(5))));
    }

    public static AnvilNode start(long chainId, String... extra) throws IOException, InterruptedException {
        return start(chainId, 0, extra);
    }

    /** Installs the harness ({@code npm ci} in chains/, once) unless ANVIL_PATH names a binary, then starts anvil. */
    public static AnvilNode start(long chainId, int port, String... extra) throws IOException, InterruptedException {
        if (System.getProperty("anvil.path", System.getenv("ANVIL_PATH")) == null) {
            AnvilHarness.install();
        }
        return new AnvilNode(AnvilProcess.start(chainId, port, extra));
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    public void stop() {
        process.close();
    }

    @Override
    public void close() {
        stop();
    }
}
