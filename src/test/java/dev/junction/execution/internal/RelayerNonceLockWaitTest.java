package dev.junction.execution.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.JunctionApplication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The embedded default (H2 file, application.yml's URL): every sandbox gasless submission reserves a nonce of the one
 * relayer account in its transaction, so submissions queue on that account's row. A submission waits for the row as
 * long as another transaction holds it for up to 10 s (LOCK_TIMEOUT=10000), as on PostgreSQL; with H2's default of
 * 2 s, a cold burst of 32 submissions answered 500 (a start-and-burst script: two 500s in each of 2 of 30 starts;
 * none in 24 starts with the setting).
 */
class RelayerNonceLockWaitTest {

    static final String RELAYER = "0x00000000000000000000000000000000000a11ce";

    @TempDir
    Path dataDir;

    @Test
    void aSubmissionWaitsWhileAnotherTransactionHoldsTheRelayersNonceRow() throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(JunctionApplication.class).run(
                "--spring.config.location=classpath:/application.yml", "--junction.data-dir=" + dataDir,
                "--server.port=0", "--junction.execution.test-endpoint=true",
                "--junction.execution.runner-enabled=false", "--spring.main.banner-mode=off")) {
            String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            HttpClient http = HttpClient.newHttpClient();
            assertThat(submit(http, base, 1).statusCode()).isEqualTo(200); // the relayer's row exists from here on

            CompletableFuture<HttpResponse<String>> waiting;
            try (Connection holder = app.getBean(DataSource.class).getConnection()) {
                holder.setAutoCommit(false);
                try (PreparedStatement hold = holder.prepareStatement(
                        "UPDATE network_accounts SET next_nonce = next_nonce WHERE address = ?")) {
                    hold.setString(1, RELAYER);
                    assertThat(hold.executeUpdate()).isPositive();
                }
                waiting = http.sendAsync(request(base, 2), HttpResponse.BodyHandlers.ofString());
                // longer than H2's default lock timeout (2 s), within Junction's (10 s): with the default the
                // submission had answered 500 by now
                Thread.sleep(3_000);
                assertThat(waiting).isNotDone();
                holder.commit();
            }
            HttpResponse<String> answered = waiting.get(30, TimeUnit.SECONDS);
            assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
        }
    }

    private static HttpResponse<String> submit(HttpClient http, String base, int index) throws Exception {
        return http.send(request(base, index), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(String base, int index) {
        String sender = String.format("0x%040x", 0x1000 + index);
        return HttpRequest.newBuilder(URI.create(base + "/internal/test/swaps")).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"shape\":\"sameChainSwap\",\"sender\":\"" + sender
                        + "\",\"index\":" + index + ",\"deadlineSeconds\":86400}"))
                .build();
    }
}
