package dev.junction.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.webhooks.WebhookReceiver.Received;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Issue 40 on the sandbox (embedded network at 600x, API keys configured): gasless swaps submitted over HTTP are pushed
 * to the submitting key's webhook on loopback with every transition to DONE, FAILED and REFUNDED, in sequence order,
 * each signature verifying; another key's webhook sees none of them; the status stream follows a swap to DONE and a
 * reconnect with Last-Event-ID resumes without a gap; refused URLs answer 1012; every request rule answers its code;
 * the meters are served.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "junction.rate-limit.enabled=false", "junction.simulation.clock-speed=600", "junction.market.living=false",
    "junction.simulation.bridge-failure-rate=0.5", "junction.security.api-keys=key-a,key-b,key-c",
    "junction.webhooks.max-per-key=2",
    "junction.webhooks.allowed-hosts=127.0.0.1", "junction.webhooks.retry-base=100ms",
    "junction.webhooks.retry-max=500ms", "junction.webhooks.poll-interval=100ms",
    "junction.webhooks.stream-poll-interval=100ms"})
class WebhooksEndToEndTest {

    static final Set<String> TERMINAL = Set.of("DONE", "FAILED", "REFUNDED", "EXPIRED");

    static WebhookReceiver receiverA;
    static WebhookReceiver receiverB;

    @LocalServerPort
    int port;

    JunctionHttp a;
    JunctionHttp b;

    @BeforeAll
    static void receivers() throws Exception {
        receiverA = new WebhookReceiver();
        receiverB = new WebhookReceiver();
    }

    @AfterAll
    static void close() {
        receiverA.close();
        receiverB.close();
    }

    @BeforeEach
    void clients() {
        a = new JunctionHttp("http://127.0.0.1:" + port, "key-a");
        b = new JunctionHttp("http://127.0.0.1:" + port, "key-b");
    }

    @Test
    void gaslessSwapsArePushedWithEveryTransitionInOrderSignedToTheirKeyOnly() throws Exception {
        JsonNode hookA = a.register(receiverA.url("/a"));
        JsonNode hookB = b.register(receiverB.url("/b"));
        String secret = hookA.get("secret").asString();
        assertThat(hookA.path("ping").path("delivered").asBoolean()).isTrue();

        // FAILED: two identical swaps quoted at once with 0.01% slippage; the second runs after the first moved the pool
        JsonNode first = a.quote(1, JunctionHttp.USDC, 1, JunctionHttp.WETH, "2000000000000", "0.01");
        JsonNode second = a.quote(1, JunctionHttp.USDC, 1, JunctionHttp.WETH, "2000000000000", "0.01");
        String firstTx = a.submit(first).get("executionTxHash").asString();
        Map<String, String> ends = new LinkedHashMap<>();
        ends.put(firstTx, awaitEnd(firstTx));
        String secondTx = a.submit(second).get("executionTxHash").asString();
        ends.put(secondTx, awaitEnd(secondTx));
        assertThat(ends.get(secondTx)).isEqualTo("FAILED");
        // cross-chain: half of the bridge transfers fail (REFUNDED), the others are DONE
        for (int i = 0; i < 16 && !(ends.containsValue("REFUNDED") && ends.containsValue("DONE")
                && ends.size() > 3); i++) {
            String tx = a.swap(1, JunctionHttp.USDC, 42161, JunctionHttp.ARB_WETH, "1000000000");
            ends.put(tx, awaitEnd(tx));
        }
        assertThat(ends.values()).contains("DONE", "FAILED", "REFUNDED");

        List<Received> got = receiverA.await(Duration.ofSeconds(30), r -> ends.keySet().stream().allMatch(tx ->
                r.stream().anyMatch(x -> tx.equals(tx(x)) && TERMINAL.contains(x.json().path("status").asString()))));
        for (Map.Entry<String, String> end : ends.entrySet()) {
            List<JsonNode> events = got.stream().filter(r -> end.getKey().equals(tx(r))).map(Received::json).toList();
            assertThat(events.getFirst().path("details").path("substatus").asString()).isEqualTo("RECEIVED");
            assertThat(events.getLast().path("status").asString()).isEqualTo(end.getValue());
            List<Long> sequences = events.stream().map(e -> e.path("sequence").asLong()).toList();
            assertThat(sequences).as("sequence of %s", end.getKey()).isSorted().doesNotHaveDuplicates()
                    .startsWith(1L);
            JsonNode status = a.ok("GET", "/status?txHash=" + end.getKey() + "&fromChainId=1", null);
            assertThat(events.getLast().path("status").asString()).isEqualTo(status.path("status").asString());
        }
        long now = System.currentTimeMillis() / 1000;
        for (Received r : got) {
            assertThat(WebhookSignature.verify(secret, r.signature(), r.body(), now, 300)).as(r.body()).isTrue();
            assertThat(r.eventHeader()).isEqualTo(r.json().path("event").asString());
        }
        assertThat(receiverB.received()).as("key-b's webhook got its ping only").hasSize(1);

        // the deliveries as the API lists them
        JsonNode deliveries = a.ok("GET", "/webhooks/" + hookA.get("id").asString() + "/deliveries?state=DELIVERED",
                null);
        assertThat(deliveries.size()).isGreaterThanOrEqualTo(ends.size() * 3);
        assertThat(b.send("GET", "/webhooks/" + hookA.get("id").asString() + "/deliveries", null).path("code")
                .asInt()).isEqualTo(1013);
        assertThat(b.ok("GET", "/webhooks", null).size()).isEqualTo(1);
        assertThat(b.ok("DELETE", "/webhooks/" + hookB.get("id").asString(), null).path("deleted").asBoolean())
                .isTrue();
        assertThat(a.ok("DELETE", "/webhooks/" + hookA.get("id").asString(), null).path("deleted").asBoolean())
                .isTrue();

        assertThat(prometheus()).contains("junction_webhooks_deliveries_total", "junction_webhooks_failures_total",
                "junction_webhooks_retries_total", "junction_webhooks_dead_total", "junction_webhooks_pending",
                "junction_webhooks_oldest_pending_age_seconds");
    }

    @Test
    void everyRuleOfThePushEndpointsAnswersItsCode() throws Exception {
        try (WebhookReceiver receiverC = new WebhookReceiver()) {
            rules(a.withKey("key-c"), receiverC);
        }
    }

    void rules(JunctionHttp c, WebhookReceiver receiverC) throws Exception {
        assertThat(c.send("POST", "/webhooks", "{}").path("code").asInt()).isEqualTo(1001);
        assertThat(c.send("POST", "/webhooks", "{\"url\": 5}").path("code").asInt()).isEqualTo(1002);
        assertThat(c.send("POST", "/webhooks", "{\"url\": \"" + receiverC.url("/c") + "\", \"description\": \""
                + "d".repeat(257) + "\"}").path("data").path("param").asString()).isEqualTo("description");
        JsonNode first = c.register(receiverC.url("/c1"));
        c.register(receiverC.url("/c2"));
        JsonNode third = c.send("POST", "/webhooks", "{\"url\": \"" + receiverC.url("/c3") + "\"}");
        assertThat(third.path("code").asInt()).as(third.toString()).isEqualTo(1014);
        assertThat(third.path("httpStatus").asInt()).isEqualTo(409);
        String id = first.get("id").asString();
        assertThat(c.get("/webhooks/" + id + "/deliveries?state=LOST").path("data").path("param").asString())
                .isEqualTo("state");
        assertThat(c.get("/webhooks/" + id + "/deliveries?limit=0").path("data").path("param").asString())
                .isEqualTo("limit");
        JsonNode gone = c.send("DELETE", "/webhooks/wh_" + "0".repeat(32), null);
        assertThat(gone.path("code").asInt()).isEqualTo(1013);
        assertThat(gone.path("httpStatus").asInt()).isEqualTo(404);
        assertThat(c.ok("GET", "/webhooks", null).size()).isEqualTo(2);

        String hash = "0x" + "ab".repeat(32);
        assertThat(c.send("POST", "/status/watch", "{\"fromChainId\": 1}").path("code").asInt()).isEqualTo(1001);
        assertThat(c.send("POST", "/status/watch", "{\"txHash\": \"0x12\", \"fromChainId\": 1}").path("data")
                .path("param").asString()).isEqualTo("txHash");
        assertThat(c.send("POST", "/status/watch", "{\"txHash\": \"" + hash + "\", \"fromChainId\": \"1\"}")
                .path("code").asInt()).isEqualTo(1002);
        assertThat(c.send("POST", "/status/watch", "{\"txHash\": \"" + hash + "\", \"fromChainId\": 999999}")
                .path("code").asInt()).isEqualTo(1005);
        JsonNode watched = c.ok("POST", "/status/watch", "{\"txHash\": \"" + hash + "\", \"fromChainId\": 1}");
        assertThat(watched.path("txHash").asString()).isEqualTo(hash);
        assertThat(watched.path("expiresAtMs").asLong()).isGreaterThan(System.currentTimeMillis());
        assertThat(c.get("/status/stream?txHash=0x12&fromChainId=1").path("code").asInt()).isEqualTo(1002);
        JsonNode badResume = JunctionHttp.JSON.readTree(HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/status/stream?txHash=" + hash + "&fromChainId=1"))
                .header("X-API-Key", "key-c").header("Last-Event-ID", "42").build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertThat(badResume.path("data").path("param").asString()).isEqualTo("Last-Event-ID");
        for (JsonNode w : c.ok("GET", "/webhooks", null)) {
            c.ok("DELETE", "/webhooks/" + w.path("id").asString(), null);
        }
    }

    String prometheus() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/actuator/prometheus")).header("X-API-Key", "key-a").build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    @Test
    void refusedUrlsAnswer1012() throws Exception {
        for (String url : List.of("https://10.0.0.1/hook", "https://192.168.1.20/hook", "https://169.254.169.254/x",
                "https://[::1]/hook", "ftp://example.com/hook", "http://example.com/hook",
                "https://localhost/hook")) {
            JsonNode r = a.send("POST", "/webhooks", "{\"url\": \"" + url + "\"}");
            assertThat(r.path("code").asInt()).as(url + ": " + r).isEqualTo(1012);
            assertThat(r.path("httpStatus").asInt()).isEqualTo(400);
            assertThat(r.path("data").path("param").asString()).isEqualTo("url");
        }
        try (WebhookReceiver redirecting = new WebhookReceiver()) {
            redirecting.answer(302, "http://10.1.2.3/internal");
            JsonNode r = a.send("POST", "/webhooks", "{\"url\": \"" + redirecting.url("/hook") + "\"}");
            assertThat(r.path("code").asInt()).as(r.toString()).isEqualTo(1012);
            assertThat(r.path("message").asString()).contains("redirects", "10.1.2.3", "private");
        }
        assertThat(a.ok("GET", "/webhooks", null).valueStream().map(w -> w.path("url").asString()))
                .noneMatch(u -> u.contains("/hook"));
    }

    @Test
    void aStreamFollowsASwapToDoneAndALastEventIdResumesWithoutAGap() throws Exception {
        String tx = a.swap(1, JunctionHttp.USDC, 42161, JunctionHttp.ARB_WETH, "1000000000");
        List<String[]> first = stream(tx, null, 1);
        assertThat(first).hasSize(1);
        String end = awaitEnd(tx);
        List<String[]> rest = stream(tx, first.getFirst()[0], Integer.MAX_VALUE);
        List<JsonNode> all = new ArrayList<>();
        for (String[] e : first) {
            all.add(JunctionHttp.JSON.readTree(e[1]));
        }
        for (String[] e : rest) {
            all.add(JunctionHttp.JSON.readTree(e[1]));
        }
        long seq = all.getFirst().path("sequence").asLong();
        for (JsonNode e : all) {
            assertThat(e.path("sequence").asLong()).as("no gap").isEqualTo(seq++);
        }
        assertThat(all.getLast().path("status").asString()).isEqualTo(end);
        // a stream opened at submission follows a swap to DONE, its events contiguous
        String sameChain = a.swap(1, JunctionHttp.USDC, 1, JunctionHttp.WETH, "1000000000");
        List<String[]> live = stream(sameChain, null, Integer.MAX_VALUE);
        long next = JunctionHttp.JSON.readTree(live.getFirst()[1]).path("sequence").asLong();
        for (String[] e : live) {
            JsonNode event = JunctionHttp.JSON.readTree(e[1]);
            assertThat(e[0]).isEqualTo(event.path("event").asString());
            assertThat(event.path("sequence").asLong()).isEqualTo(next++);
        }
        assertThat(JunctionHttp.JSON.readTree(live.getLast()[1]).path("status").asString()).isEqualTo("DONE");
        // a fresh stream of a finished swap: its last change at once, then the end
        List<String[]> after = stream(tx, null, Integer.MAX_VALUE);
        assertThat(after).hasSize(1);
        assertThat(JunctionHttp.JSON.readTree(after.getFirst()[1]).path("status").asString()).isEqualTo(end);
    }

    /** Reads up to {@code max} events of the stream (id, data); stops at its end. */
    List<String[]> stream(String tx, String lastEventId, int max) throws Exception {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/status/stream?txHash=" + tx + "&fromChainId=1")).header("X-API-Key", "key-a")
                .timeout(Duration.ofSeconds(60));
        if (lastEventId != null) {
            req.header("Last-Event-ID", lastEventId);
        }
        HttpResponse<java.io.InputStream> r = HttpClient.newHttpClient().send(req.build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type").orElse("")).startsWith("text/event-stream");
        List<String[]> events = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String id = null;
            String data = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("id:")) {
                    id = line.substring(3).trim();
                } else if (line.startsWith("data:")) {
                    data = line.substring(5);
                } else if (line.isEmpty() && data != null) {
                    events.add(new String[] {id, data});
                    id = null;
                    data = null;
                    if (events.size() >= max) {
                        break;
                    }
                }
            }
        }
        return events;
    }

    String awaitEnd(String tx) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < end) {
            String s = a.ok("GET", "/status?txHash=" + tx + "&fromChainId=1", null).path("status").asString();
            if (TERMINAL.contains(s)) {
                return s;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("swap " + tx + " did not end");
    }

    static String tx(Received r) {
        return r.json().path("srcTxDetails").path("txHash").asString(null);
    }
}
