package dev.junction.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import jakarta.servlet.Filter;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real server (Tomcat, every filter, /error): API keys, rate limits, request ids, bodies streamed past 64 KiB,
 * failures outside Spring MVC, health probes and the Prometheus histograms. Each test uses its own API key, and each key has
 * its own bucket of 3 requests per hour, so the tests do not disturb each other.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "junction.security.api-keys=rate,a,b,c,d,e,f,g,h",
    "junction.rate-limit.capacity=3",
    "junction.rate-limit.period=1h"})
@Import({TestMarket.Api.class, ServerEdgeTest.Boom.class})
class ServerEdgeTest {

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();
    final JsonMapper json = JsonMapper.builder().build();

    /** Filters that answer outside Spring MVC: /boom fails, /sized writes a body of a given size. */
    @TestConfiguration(proxyBeanMethods = false)
    static class Boom {
        @Bean
        FilterRegistrationBean<Filter> boomFilter() {
            FilterRegistrationBean<Filter> r = new FilterRegistrationBean<>((req, res, chain) -> {
                throw new IllegalStateException("filter failure with <b>markup</b>");
            });
            r.addUrlPatterns("/boom");
            return r;
        }

        /** Writes {@code bytes} bytes of plain text, for the response buffer's test. */
        @Bean
        FilterRegistrationBean<Filter> sizedFilter() {
            FilterRegistrationBean<Filter> r = new FilterRegistrationBean<>((req, res, chain) -> {
                res.setContentType("text/plain");
                res.getOutputStream().write("x".repeat(Integer.parseInt(req.getParameter("bytes")))
                        .getBytes(StandardCharsets.US_ASCII));
            });
            r.addUrlPatterns("/sized");
            return r;
        }
    }

    HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpRequest.Builder get(String path, String key) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        return key == null ? b : b.header("X-API-Key", key);
    }

    JsonNode envelope(HttpResponse<String> r, int status, int code) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
        JsonNode body = json.readTree(r.body());
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("code", "data", "message");
        assertThat(body.get("code").asInt()).as(r.body()).isEqualTo(code);
        assertThat(r.body()).doesNotContain("<").doesNotContain("Exception").doesNotContain("at dev.");
        assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
        assertThat(r.headers().firstValue("API-Version")).contains("1");
        return body;
    }

    @Test
    void apiKeysAreRequiredExceptForHealth() throws Exception {
        envelope(send(get("/quote", null)), 401, 2001);
        envelope(send(get("/quote", "wrong")), 401, 2001);
        envelope(send(get("/v3/api-docs", null)), 401, 2001);
        envelope(send(get("/quote", "a")), 400, 1001);
        assertThat(send(get("/actuator/health", null)).statusCode()).isEqualTo(200);
        assertThat(send(get("/actuator/health/liveness", null)).body()).contains("UP");
        assertThat(send(get("/actuator/health/readiness", null)).body()).contains("UP");
    }

    @Test
    void aKeyGetsItsBucketAndThen429WithRetryAfter() throws Exception {
        for (int i = 2; i >= 0; i--) {
            HttpResponse<String> r = send(get("/quote", "rate"));
            envelope(r, 400, 1001);
            assertThat(r.headers().firstValue("RateLimit-Limit")).contains("3");
            assertThat(r.headers().firstValue("RateLimit-Remaining")).contains(Integer.toString(i));
            assertThat(Long.parseLong(r.headers().firstValue("RateLimit-Reset").orElseThrow())).isPositive();
        }
        HttpResponse<String> limited = send(get("/quote", "rate"));
        envelope(limited, 429, 2003);
        assertThat(Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow()))
                .isBetween(1L, 3600L);
        assertThat(limited.headers().firstValue("RateLimit-Remaining")).contains("0");
        // another key has its own bucket
        envelope(send(get("/quote", "b")), 400, 1001);
    }

    @Test
    void requestIdsAreEchoedOrGenerated() throws Exception {
        HttpResponse<String> r = send(get("/status", "c").header("X-Request-Id", "trace-42"));
        assertThat(r.headers().firstValue("X-Request-Id")).contains("trace-42");
        r = send(get("/nope", "c"));
        envelope(r, 404, 1010);
        String generated = r.headers().firstValue("X-Request-Id").orElseThrow();
        assertThat(UUID.fromString(generated).version()).isEqualTo(4);
        assertThat(UUID.fromString(generated).variant()).isEqualTo(2);
        assertThat(generated).hasSize(36).isNotEqualTo(send(get("/nope", "c")).headers().firstValue("X-Request-Id")
                .orElseThrow());
    }

    @Test
    void bodiesStreamedPastTheLimitAre413() throws Exception {
        byte[] big = ("{\"pad\": \"" + "x".repeat(70_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        // no Content-Length: the body is chunked, so only counting while reading can catch it
        HttpRequest.BodyPublisher chunked = HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(big));
        HttpResponse<String> r = send(get("/build-path", "d").header("Content-Type", "application/json")
                .POST(chunked));
        envelope(r, 413, 1008);
        r = send(get("/build-path", "d").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)));
        envelope(r, 413, 1008);
    }

    @Test
    void aQueryWithSixtyFourKibOfCallDataReachesTheValidator() throws Exception {
        String query = "/quote?fromChain=1&destinationCallData=0x" + "ab".repeat(32767);
        JsonNode body = envelope(send(get(query, "g")), 400, 1001);
        assertThat(body.get("data").get("param").asString()).isEqualTo("toChain");
        body = envelope(send(get(query + "abcd", "g")), 400, 1001);
        assertThat(body.get("data").get("param").asString()).isEqualTo("toChain");
    }

    @Test
    void failuresOutsideSpringMvcAreTheEnvelopeToo() throws Exception {
        HttpResponse<String> r = send(get("/boom", "e").header("Accept", "text/html").header("X-Request-Id", "boom-1"));
        JsonNode body = envelope(r, 500, 9001);
        assertThat(body.get("message").asString()).doesNotContain("markup");
        assertThat(r.headers().firstValue("X-Request-Id")).contains("boom-1");
    }

    @Test
    void prometheusHasLatencyHistogramsPerEndpoint() throws Exception {
        send(get("/v1/quote", "f"));
        HttpResponse<String> r = send(get("/actuator/prometheus", "f"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).containsPattern("http_server_requests_seconds_bucket\\{[^}]*uri=\"/v1/quote\"[^}]*le=");
    }

    /**
     * An answer up to junction.http.response-buffer (32 KB by default) is held until complete, so it carries its
     * Content-Length (and Tomcat's socket buffer of the same size writes it at once); a larger one is still streamed
     * in chunks. Tomcat's defaults (8 KiB) sent every answer above 8 KiB in chunks, a socket write per 8 KiB.
     */
    @Test
    void answersUpToTheResponseBufferCarryTheirLengthLargerOnesAreChunked(
            @Autowired WebServerApplicationContext context) throws Exception {
        HttpResponse<String> small = send(get("/sized?bytes=20000", "h"));
        assertThat(small.body()).hasSize(20_000);
        assertThat(small.headers().firstValue("Content-Length")).contains("20000");
        assertThat(small.headers().firstValue("Transfer-Encoding")).isEmpty();

        HttpResponse<String> large = send(get("/sized?bytes=40000", "h"));
        assertThat(large.body()).hasSize(40_000);
        assertThat(large.headers().firstValue("Transfer-Encoding")).contains("chunked");
        assertThat(large.headers().firstValue("Content-Length")).isEmpty();

        TomcatWebServer tomcat = (TomcatWebServer) context.getWebServer();
        assertThat(tomcat.getTomcat().getConnector().getProperty("socket.appWriteBufSize")).hasToString("32768");
    }
}
