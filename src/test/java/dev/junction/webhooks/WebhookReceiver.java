package dev.junction.webhooks;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A webhook endpoint on loopback for tests: records every request (headers and raw body), answers {@link #answer}
 * (200 by default; a 3xx with {@link #redirectTo}), can be stopped and started again on the same port (the receiver
 * down), and counts requests in flight at once per event (no event delivered concurrently twice).
 */
public final class WebhookReceiver implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();

    /** One request as received. */
    public record Received(String eventHeader, String signature, String body, long receivedAtMs) {

        public JsonNode json() {
            return JSON.readTree(body);
        }
    }

    private final int port;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final java.util.Map<String, AtomicInteger> inFlight = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicInteger maxConcurrentPerEvent = new AtomicInteger();
    private volatile int answer = 200;
    private volatile String redirectTo;
    private volatile long delayMs;
    private HttpServer server;

    public WebhookReceiver() throws IOException {
        this(0);
    }

    private WebhookReceiver(int port) throws IOException {
        this.server = start(port);
        this.port = server.getAddress().getPort();
    }

    private HttpServer start(int port) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        s.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String event = exchange.getRequestHeaders().getFirst(WebhookSignature.EVENT_HEADER);
            AtomicInteger now = inFlight.computeIfAbsent(String.valueOf(event), k -> new AtomicInteger());
            maxConcurrentPerEvent.accumulateAndGet(now.incrementAndGet(), Math::max);
            try {
                if (delayMs > 0) {
                    Thread.sleep(delayMs);
                }
                received.add(new Received(event, exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER), body,
                        System.currentTimeMillis()));
                if (redirectTo != null) {
                    exchange.getResponseHeaders().add("Location", redirectTo);
                }
                exchange.sendResponseHeaders(answer, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                now.decrementAndGet();
                exchange.close();
            }
        });
        s.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        s.start();
        return s;
    }

    /** The URL to register. */
    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** Answers {@code status} from now on (a 3xx with {@code location}). */
    public WebhookReceiver answer(int status, String location) {
        this.answer = status;
        this.redirectTo = location;
        return this;
    }

    /** Waits {@code millis} before answering each request. */
    public WebhookReceiver delay(long millis) {
        this.delayMs = millis;
        return this;
    }

    /** Stops listening: connections are refused until {@link #restart()}. */
    public synchronized void stop() {
        server.stop(0);
    }

    /** Listens again on the same port. */
    public synchronized void restart() throws IOException {
        server = start(port);
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** The most requests for one event that were in flight at the same time. */
    public int maxConcurrentPerEvent() {
        return maxConcurrentPerEvent.get();
    }

    /** Waits (bounded) until {@code done} holds for what was received; answers it. */
    public List<Received> await(Duration within, Predicate<List<Received>> done) throws InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        while (!done.test(received())) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the receiver did not get what was awaited within " + within + "; it got "
                        + summary());
            }
            Thread.sleep(20);
        }
        return received();
    }

    private List<String> summary() {
        List<String> out = new ArrayList<>();
        for (Received r : received()) {
            JsonNode j = r.json();
            out.add(j.path("srcTxDetails").path("txHash").asString("ping") + "#" + j.path("sequence").asString("")
                    + " " + j.path("status").asString(""));
        }
        return out;
    }

    @Override
    public synchronized void close() {
        server.stop(0);
    }
}
