package dev.junction.nodes;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON-RPC 2.0 client over HTTP for one chain's nodes.
 *
 * <p>Each request goes to the preferred URL; a retryable failure ({@link RpcErrorType#retryable()}: timeout,
 * unreachable, 429, 5xx) moves it to the next URL in order; once every URL failed in a round it pauses (exponential
 * backoff with jitter, or a 429's {@code Retry-After}) and tries again, up to {@link RpcSettings#maxAttempts()}
 * attempts. The URL that answered becomes the preferred one; after {@link RpcSettings#primaryRetry()} the first URL
 * is preferred again. A batch is one HTTP request (split at {@link RpcSettings#maxBatchSize()}); the node's error for
 * one call of a batch is that call's {@link RpcResult#error()}. Thread-safe.
 */
public final class JsonRpcClient {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<URI> urls;
    private final RpcSettings settings;
    private final JsonMapper json;
    private final HttpClient http;
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong httpRequests = new AtomicLong();
    private volatile int preferred;
    private volatile long failedOverAtNanos;

    public JsonRpcClient(List<URI> urls, RpcSettings settings) {
        if (urls == null || urls.isEmpty()) {
            throw new IllegalArgumentException("at least one RPC URL is required");
        }
        for (URI u : urls) {
            if (u.getScheme() == null || !(u.getScheme().equals("http") || u.getScheme().equals("https"))) {
                throw new IllegalArgumentException("RPC URL must be http or https: " + redact(u));
            }
        }
        this.urls = List.copyOf(urls);
        this.settings = settings;
        this.json = JsonMapper.builder().build();
        this.http = HttpClient.newBuilder().connectTimeout(settings.timeout()).version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** The URLs in failover order. */
    public List<URI> urls() {
        return urls;
    }

    /** HTTP requests sent so far (a batch is one), for measurements. */
    public long httpRequests() {
        return httpRequests.get();
    }

    /**
     * One call.
     *
     * @return its {@code result} (a JSON null node for a null result)
     * @throws RpcException when every attempt failed or the node answered an error
     */
    public JsonNode call(String method, Object... params) {
        return batch(List.of(RpcCall.of(method, params))).getFirst().orThrow();
    }

    /**
     * Calls in one HTTP request (several when more than {@link RpcSettings#maxBatchSize()}).
     *
     * @return one result per call, in the calls' order
     * @throws RpcException when the transport failed on every attempt or the answer was not a JSON-RPC response
     */
    public List<RpcResult> batch(List<RpcCall> calls) {
        List<RpcResult> out = new ArrayList<>(calls.size());
        for (int from = 0; from < calls.size(); from += settings.maxBatchSize()) {
            out.addAll(sendChunk(calls.subList(from, Math.min(calls.size(), from + settings.maxBatchSize()))));
        }
        return out;
    }

    private List<RpcResult> sendChunk(List<RpcCall> calls) {
        ArrayNode body = NODES.arrayNode();
        List<Long> idsSent = new ArrayList<>(calls.size());
        for (RpcCall c : calls) {
            long id = ids.incrementAndGet();
            idsSent.add(id);
            ObjectNode req = body.addObject();
            req.put("jsonrpc", "2.0");
            req.put("id", id);
            req.put("method", c.method());
            req.set("params", json.valueToTree(c.params()));
        }
        String text = json.writeValueAsString(body);
        JsonNode answer = send(text);
        return match(answer, idsSent);
    }

    private List<RpcResult> match(JsonNode answer, List<Long> idsSent) {
        String url = redact(urls.get(preferred));
        if (!answer.isArray()) {
            // A node that refuses a whole batch answers one error object.
            if (answer.has("error")) {
                RpcException e = error(answer.get("error"), url);
                throw e;
            }
            throw new RpcException(RpcErrorType.INVALID_RESPONSE, "batch answered with a non-array", url, null);
        }
        Map<Long, JsonNode> byId = new HashMap<>();
        for (JsonNode r : answer) {
            byId.put(r.path("id").asLong(-1), r);
        }
        List<RpcResult> out = new ArrayList<>(idsSent.size());
        for (long id : idsSent) {
            JsonNode r = byId.get(id);
            if (r == null) {
                out.add(new RpcResult(null, new RpcException(RpcErrorType.INVALID_RESPONSE,
                        "no answer to request id " + id + " in the batch", url, null)));
            } else if (r.has("error") && !r.get("error").isNull()) {
                out.add(new RpcResult(null, error(r.get("error"), url)));
            } else if (!r.has("result")) {
                out.add(new RpcResult(null, new RpcException(RpcErrorType.INVALID_RESPONSE,
                        "answer " + id + " has neither result nor error", url, null)));
            } else {
                out.add(new RpcResult(r.get("result"), null));
            }
        }
        return out;
    }

    private static RpcException error(JsonNode e, String url) {
        long code = e.path("code").asLong(0);
        String message = e.path("message").asString("");
        JsonNode d = e.get("data");
        String data = d == null || d.isNull() ? null : d.isString() ? d.asString() : d.toString();
        return new RpcException(RpcErrorType.ofCode(code, message), code, "JSON-RPC error " + code + ": " + message,
                data, url, null);
    }

    /** Sends one body with failover and retries; answers the parsed JSON. */
    private JsonNode send(String body) {
        refreshPreferred();
        RpcException last = null;
        int start = preferred;
        for (int attempt = 0; attempt < settings.maxAttempts(); attempt++) {
            if (attempt > 0 && attempt % urls.size() == 0) {
                pause(attempt / urls.size(), last);
            }
            int index = (start + attempt) % urls.size();
            try {
                JsonNode answer = post(urls.get(index), body);
                if (index != preferred) {
                    preferred = index;
                    failedOverAtNanos = System.nanoTime();
                }
                if (!answer.isArray() && answer.has("error")
                        && RpcErrorType.ofCode(answer.get("error").path("code").asLong(), null).retryable()) {
                    last = error(answer.get("error"), redact(urls.get(index)));
                    continue;
                }
                return answer;
            } catch (RpcException e) {
                if (!e.type().retryable()) {
                    throw e;
                }
                last = e;
            }
        }
        throw last;
    }

    private void refreshPreferred() {
        if (preferred != 0 && System.nanoTime() - failedOverAtNanos > settings.primaryRetry().toNanos()) {
            preferred = 0;
        }
    }

    private void pause(int round, RpcException cause) {
        long capMillis = settings.maxBackoff().toMillis();
        long millis = Math.min(capMillis, settings.initialBackoff().toMillis() << Math.min(20, round - 1));
        if (cause instanceof RetryAfter r) {
            millis = Math.min(capMillis, Math.max(millis, r.millis));
        }
        millis += ThreadLocalRandom.current().nextLong(millis / 4 + 1);
        try {
            Thread.sleep(Duration.ofMillis(millis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RpcException(RpcErrorType.TIMEOUT, "interrupted while backing off", null, e);
        }
    }

    private JsonNode post(URI url, String body) {
        httpRequests.incrementAndGet();
        String shown = redact(url);
        HttpRequest request = HttpRequest.newBuilder(url).timeout(settings.timeout())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpConnectTimeoutException e) {
            throw new RpcException(RpcErrorType.TIMEOUT, "connect to " + shown + " timed out", shown, e);
        } catch (HttpTimeoutException e) {
            throw new RpcException(RpcErrorType.TIMEOUT, shown + " did not answer within " + settings.timeout(),
                    shown, e);
        } catch (ConnectException e) {
            throw new RpcException(RpcErrorType.UNREACHABLE, shown + " refused the connection", shown, e);
        } catch (IOException e) {
            throw new RpcException(RpcErrorType.UNREACHABLE, shown + " failed: " + e, shown, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RpcException(RpcErrorType.TIMEOUT, "interrupted waiting for " + shown, shown, e);
        }
        int status = response.statusCode();
        if (status == 429) {
            long after = response.headers().firstValue("Retry-After").map(JsonRpcClient::seconds).orElse(0L);
            throw new RetryAfter(shown, after * 1000);
        }
        if (status >= 500) {
            throw new RpcException(RpcErrorType.SERVER_UNAVAILABLE, shown + " answered HTTP " + status, shown, null);
        }
        if (status != 200) {
            throw new RpcException(RpcErrorType.HTTP_ERROR, shown + " answered HTTP " + status, shown, null);
        }
        try {
            return json.readTree(response.body());
        } catch (JacksonException e) {
            throw new RpcException(RpcErrorType.INVALID_RESPONSE, shown + " answered a body that is not JSON", shown,
                    e);
        }
    }

    private static long seconds(String text) {
        try {
            return Math.max(0, Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The URL without user info, query or path (API keys live there). */
    static String redact(URI u) {
        return u.getScheme() + "://" + u.getHost() + (u.getPort() >= 0 ? ":" + u.getPort() : "")
                + (u.getRawPath() == null || u.getRawPath().isEmpty() || u.getRawPath().equals("/") ? "" : "/…");
    }

    /** A 429 with the pause the node asked for. */
    private static final class RetryAfter extends RpcException {
        private final long millis;

        RetryAfter(String url, long millis) {
            super(RpcErrorType.RATE_LIMITED, url + " answered HTTP 429 (rate limited)", url, null);
            this.millis = millis;
        }
    }
}
