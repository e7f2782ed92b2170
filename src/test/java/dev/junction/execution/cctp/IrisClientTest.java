package dev.junction.execution.cctp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.junction.chain.Bytes32;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Iris's V1 answers as the redeemer reads them, from a local HTTP server answering as Circle documents. */
class IrisClientTest {

    static final Bytes32 HASH = Bytes32.of("0x" + "12".repeat(32));

    HttpServer server;
    final Map<String, Answer> answers = new ConcurrentHashMap<>();
    final List<String> paths = new CopyOnWriteArrayList<>();

    record Answer(int status, String body) {
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            paths.add(exchange.getRequestURI().getPath());
            Answer a = answers.getOrDefault(exchange.getRequestURI().getPath(),
                    new Answer(404, "{\"error\":\"Message hash not found\"}"));
            byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(a.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    IrisClient client() {
        return new IrisClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"),
                Duration.ofSeconds(5));
    }

    void answer(int status, String body) {
        answers.put("/v1/attestations/" + HASH.value(), new Answer(status, body));
    }

    @Test
    void aCompleteAttestationIsItsSignatures() {
        String signatures = "0x" + "ab".repeat(65) + "cd".repeat(65);
        answer(200, "{\"attestation\":\"" + signatures + "\",\"status\":\"complete\"}");
        IrisClient.Attestation a = client().attestation(HASH);
        assertThat(a).isInstanceOf(IrisClient.Complete.class);
        assertThat(((IrisClient.Complete) a).signatures()).hasSize(130);
        assertThat(paths).containsExactly("/v1/attestations/" + HASH.value());
    }

    @Test
    void pendingAndNotFoundAreNotErrors() {
        assertThat(client().attestation(HASH)).isInstanceOf(IrisClient.NotFound.class);
        answer(200, "{\"attestation\":\"PENDING\",\"status\":\"pending_confirmations\"}");
        assertThat(client().attestation(HASH)).isInstanceOf(IrisClient.Pending.class);
    }

    @Test
    void anythingElseIsAnErrorToRetry() {
        answer(503, "{\"error\":\"unavailable\"}");
        assertThatThrownBy(() -> client().attestation(HASH)).isInstanceOf(IrisClient.IrisException.class)
                .hasMessageContaining("HTTP 503");
        answer(200, "not json");
        assertThatThrownBy(() -> client().attestation(HASH)).isInstanceOf(IrisClient.IrisException.class);
        answer(200, "{\"attestation\":\"0x1234\",\"status\":\"complete\"}");
        assertThatThrownBy(() -> client().attestation(HASH)).isInstanceOf(IrisClient.IrisException.class)
                .hasMessageContaining("65-byte");
        IrisClient unreachable = new IrisClient(URI.create("http://127.0.0.1:1"), Duration.ofSeconds(2));
        assertThatThrownBy(() -> unreachable.attestation(HASH)).isInstanceOf(IrisClient.IrisException.class)
                .hasMessageContaining("could not be reached");
    }
}
