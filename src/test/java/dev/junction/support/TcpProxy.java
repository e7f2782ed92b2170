package dev.junction.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder on 127.0.0.1 for tests that take one path to a node down while another stays up (e.g. a chain's
 * {@code ws-url} through the proxy, its {@code rpc-url} direct): every accepted connection is piped both ways to
 * {@code targetPort}. {@link #close()} stops listening and cuts every connection; a new proxy on the same
 * {@link #port()} brings the path back.
 */
public final class TcpProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    private TcpProxy(ServerSocket server, int targetPort) {
        this.server = server;
        this.targetPort = targetPort;
        Thread.ofVirtual().name("tcp-proxy-" + server.getLocalPort()).start(this::accept);
    }

    /** Forwards a new port ({@code port} 0: a free one) to {@code targetPort} on 127.0.0.1. */
    public static TcpProxy start(int port, int targetPort) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return new TcpProxy(server, targetPort);
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                target.setTcpNoDelay(true);
                open.add(client);
                open.add(target);
                Thread.ofVirtual().start(() -> pipe(client, target));
                Thread.ofVirtual().start(() -> pipe(target, client));
            } catch (IOException e) {
                // closed, or the target refused: the client sees its connection end
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed: close both below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void closeQuietly(Socket s) {
        open.remove(s);
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** Stops listening and cuts every forwarded connection. */
    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : open) {
            closeQuietly(s);
        }
    }
}
