package dev.junction.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.json.JsonMapper;

/**
 * The playground's files on the real server with API keys configured: / and /playground redirect to /playground/, the
 * page and its assets (ethers, the router ABI copied by the build) load without a key, and the API behind them still
 * requires one, also through a path that walks out of /playground/.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "junction.security.api-keys=secret")
@Import(TestMarket.Api.class)
class PlaygroundServingTest {

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void rootAndPlaygroundRedirectToThePage() throws Exception {
        for (String path : new String[] {"/", "/playground"}) {
            HttpResponse<String> r = get(path);
            assertThat(r.statusCode()).as(path).isEqualTo(302);
            assertThat(r.headers().firstValue("Location")).get().asString().endsWith("/playground/");
        }
    }

    @Test
    void thePageAndItsAssetsLoadWithoutAKey() throws Exception {
        HttpResponse<String> page = get("/playground/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).get().asString().startsWith("text/html");
        assertThat(page.body()).contains("<title>Junction playground</title>").contains("js/app.js");
        assertThat(page.headers().firstValue("Cache-Control")).contains("no-cache");

        HttpResponse<String> app = get("/playground/js/app.js");
        assertThat(app.statusCode()).isEqualTo(200);
        assertThat(app.headers().firstValue("Content-Type")).get().asString().startsWith("text/javascript");

        HttpResponse<String> ethers = get("/playground/vendor/ethers.min.js");
        assertThat(ethers.statusCode()).isEqualTo(200);
        assertThat(ethers.body()).contains("signTypedData").contains("export{");

        HttpResponse<String> abi = get("/playground/abi/JunctionRouter.json");
        assertThat(abi.statusCode()).isEqualTo(200);
        JsonMapper json = JsonMapper.builder().build();
        assertThat(json.readTree(abi.body()))
                .isEqualTo(json.readTree(Files.readString(Path.of("contracts/abi/JunctionRouter.json"))));
    }

    @Test
    void theApiStillNeedsTheKey() throws Exception {
        assertThat(get("/chains").statusCode()).isEqualTo(401);
        assertThat(get("/playground/../chains").statusCode()).isEqualTo(401);
        assertThat(get("/playground/%2e%2e/chains").statusCode()).isIn(400, 401, 404);
        assertThat(get("/playground/%2e%2e/chains").body()).doesNotContain("\"chains\"");
        HttpResponse<String> missing = get("/playground/nothing-here.js");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("\"code\":1010");
    }

    /** {@code junction.playground.enabled=false}: no page, no redirect, and its paths need the key like any other. */
    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"junction.security.api-keys=secret", "junction.playground.enabled=false"})
    @Import(TestMarket.Api.class)
    class Disabled {

        @LocalServerPort
        int disabledPort;

        @Test
        void servesNothing() throws Exception {
            for (String path : new String[] {"/", "/playground", "/playground/", "/playground/js/app.js"}) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + disabledPort + path)).header("X-API-Key", "secret").build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(path).isEqualTo(404);
                HttpResponse<String> keyless = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + disabledPort + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(keyless.statusCode()).as(path).isEqualTo(401);
            }
        }
    }
}
