package dev.junction.nodes;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A chain's new heads pushed by its node: {@code eth_subscribe} {@code newHeads} over a WebSocket (the JDK's
 * {@link WebSocket}). Each head is handed to {@code onHead} as it arrives (on the socket's thread: hand it on, do not
 * block). A socket that closes, fails or cannot connect is opened again, on the next URL in order, after a backoff
 * that doubles from {@value #FIRST_BACKOFF_MS} ms to {@value #MAX_BACKOFF_MS} ms and starts over once subscribed;
 * {@code onState} hears each change between subscribed and down (with why), so the follower can poll meanwhile.
 */
public final class NewHeads implements AutoCloseable {

    static final long FIRST_BACKOFF_MS = 100;
    static final long MAX_BACKOFF_MS = 5_000;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(NewHeads.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Whether heads are being pushed, and why not when they are not. */
    public record State(boolean subscribed, URI url, String reason) {
    }

    private final String chain;
    private final List<URI> urls;
    private final Consumer<BlockHeader> onHead;
    private final Consumer<State> onState;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    private final Thread thread;
    private volatile boolean closed;
    private volatile WebSocket socket;
    private volatile State state;

    private NewHeads(String chain, List<URI> urls, Consumer<BlockHeader> onHead, Consumer<State> onState) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("no WebSocket URL for chain " + chain);
        }
        this.chain = chain;
        this.urls = List.copyOf(urls);
        this.onHead = onHead;
        this.onState = onState;
        this.state = new State(false, urls.getFirst(), "connecting");
        this.thread = Thread.ofVirtual().name("new-heads-" + chain).unstarted(this::run);
    }

    /** Subscribes to {@code chain}'s new heads at {@code urls} (in order), from now until {@link #close()}. */
    public static NewHeads subscribe(String chain, List<URI> urls, Consumer<BlockHeader> onHead,
            Consumer<State> onState) {
        NewHeads heads = new NewHeads(chain, urls, onHead, onState);
        heads.thread.start();
        return heads;
    }

    /** The subscription's state now. */
    public State state() {
        return state;
    }

    private void run() {
        long backoff = FIRST_BACKOFF_MS;
        int next = 0;
        while (!closed) {
            URI url = urls.get(next % urls.size());
            next++;
            Session session = new Session();
            String reason;
            try {
                socket = http.newWebSocketBuilder().connectTimeout(CONNECT_TIMEOUT).buildAsync(url, session)
                        .get(CONNECT_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
                socket.sendText("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_subscribe\",\"params\":[\"newHeads\"]}",
                        true);
                if (session.subscribed.get(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    backoff = FIRST_BACKOFF_MS;
                    next--; // a socket that subscribed is tried again first
                    changed(new State(true, url, null));
                }
                reason = session.done.get();
            } catch (ExecutionException e) {
                reason = describe(e.getCause());
            } catch (TimeoutException e) {
                reason = "no answer within " + CONNECT_TIMEOUT.toSeconds() + " s";
            } catch (InterruptedException e) {
                break;
            }
            WebSocket s = socket;
            if (s != null) {
                s.abort();
            }
            if (closed) {
                break;
            }
            changed(new State(false, url, reason));
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                break;
            }
            backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        }
    }

    private void changed(State next) {
        State before = state;
        state = next;
        if (before.subscribed() != next.subscribed() || !next.subscribed() && before.reason() != null
                && !before.reason().equals(next.reason())) {
            if (next.subscribed()) {
                log.info("chain {}: new heads pushed by {}", chain, next.url().getHost());
            } else {
                log.warn("chain {}: new heads socket to {} down ({}): polling meanwhile", chain, next.url().getHost(),
                        next.reason());
            }
        }
        onState.accept(next);
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /** One socket's messages: the subscription's answer, then its notifications. */
    private final class Session implements WebSocket.Listener {

        final CompletableFuture<Boolean> subscribed = new CompletableFuture<>();
        /** Completes with why the socket ended. */
        final CompletableFuture<String> done = new CompletableFuture<>();
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                handle(message);
            }
            webSocket.request(1);
            return null;
        }

        private void handle(String message) {
            JsonNode m;
            try {
                m = JSON.readTree(message);
            } catch (JacksonException e) {
                done.complete("the node sent a message that is not JSON");
                return;
            }
            if (m.has("id")) {
                if (m.has("error")) {
                    subscribed.complete(false);
                    done.complete("eth_subscribe newHeads refused: " + m.path("error").path("message").asString());
                } else {
                    subscribed.complete(true);
                }
                return;
            }
            JsonNode head = m.path("params").path("result");
            if ("eth_subscription".equals(m.path("method").asString()) && head.isObject()) {
                try {
                    onHead.accept(EthRpc.header(head, "new head"));
                } catch (RuntimeException e) {
                    log.warn("chain {}: a pushed head could not be read: {}", chain, e.getMessage());
                }
            }
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            subscribed.complete(false);
            done.complete("closed by the node (" + statusCode + (reason.isEmpty() ? "" : " " + reason) + ")");
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            subscribed.complete(false);
            done.complete(describe(error));
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        WebSocket s = socket;
        if (s != null) {
            s.abort();
        }
    }
}
