package dev.junction.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * The devnet's JSON-RPC (with its unauthenticated faucet, {@code anvil_setBalance} and {@code devnet_mint}, and router
 * calls that move the pools every quote uses) is off unless {@code junction.devnet.enabled=true}: with the default
 * configuration, {@code POST /devnet/{chainId}} does not exist.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "junction.execution.runner-enabled=false")
@Import({TestMarket.class, DevnetTestConfig.class})
class DevnetDisabledByDefaultTest {

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/devnet/1"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void faucetIsNotServedByDefault() throws Exception {
        HttpResponse<String> setBalance = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"anvil_setBalance\","
                + "\"params\":[\"0x1111111111111111111111111111111111111111\",\"0xde0b6b3a7640000\"]}");
        assertThat(setBalance.statusCode()).isEqualTo(404);
        assertThat(setBalance.body()).doesNotContain("\"result\"");
        HttpResponse<String> mint = post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"devnet_mint\",\"params\":"
                + "[\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\",\"0x1111111111111111111111111111111111111111\","
                + "\"1000000\"]}");
        assertThat(mint.statusCode()).isEqualTo(404);
        assertThat(mint.body()).doesNotContain("\"result\"");
    }
}
