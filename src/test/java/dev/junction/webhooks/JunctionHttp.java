package dev.junction.webhooks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A client of a running Junction for the webhook tests: JSON requests with an optional API key, and the gasless flow
 * (quote, sign with {@link PermitSigner}, submit) as an integrator runs it.
 */
public final class JunctionHttp {

    static final JsonMapper JSON = JsonMapper.builder().build();
    /** Anvil's dev account 0: the sandbox checks no balance, any key signs. */
    public static final String OWNER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    public static final String OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    public static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    public static final String WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    public static final String ARB_WETH = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;
    private final String apiKey;

    public JunctionHttp(String base, String apiKey) {
        this.base = base;
        this.apiKey = apiKey;
    }

    public JunctionHttp withKey(String key) {
        return new JunctionHttp(base, key);
    }

    public String base() {
        return base;
    }

    /** The envelope of a request, with {@code httpStatus} added. */
    public JsonNode send(String method, String path, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (apiKey != null) {
            b.header("X-API-Key", apiKey);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
            b.method(method, HttpRequest.BodyPublishers.ofString(body instanceof String s ? s
                    : JSON.writeValueAsString(body)));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        ObjectNode json = (ObjectNode) JSON.readTree(r.body());
        json.put("httpStatus", r.statusCode());
        return json;
    }

    public JsonNode get(String path) throws IOException, InterruptedException {
        return send("GET", path, null);
    }

    /** The {@code data} of a request that must succeed. */
    public JsonNode ok(String method, String path, Object body) throws IOException, InterruptedException {
        JsonNode r = send(method, path, body);
        if (r.path("code").asInt(-1) != 0) {
            throw new AssertionError(method + " " + path + " -> " + r);
        }
        return r.get("data");
    }

    /** Registers {@code url}; answers the registration's {@code data} (id, secret, ping). */
    public JsonNode register(String url) throws IOException, InterruptedException {
        return ok("POST", "/webhooks", JSON.createObjectNode().put("url", url).put("description", "test"));
    }

    /** A mode-3 gasless quote item. */
    public JsonNode quote(long fromChain, String fromToken, long toChain, String toToken, String amount,
            String slippage) throws IOException, InterruptedException {
        JsonNode data = ok("GET", "/gasless/quote?fromChain=" + fromChain + "&toChain=" + toChain + "&fromToken="
                + fromToken + "&toToken=" + toToken + "&amount=" + amount + "&sender=" + OWNER
                + "&acquisitionMode=3&deadlineMinutes=60" + (slippage == null ? "" : "&slippage=" + slippage), null);
        return data.get(0);
    }

    /** Signs the item with {@link #OWNER_KEY} and submits it; answers the swap result ({@code executionTxHash}...). */
    public JsonNode submit(JsonNode item) throws IOException, InterruptedException {
        return ok("POST", "/gasless/submit-swap", JSON.createObjectNode().put("quoteId", item.get("quoteId").asString())
                .put("signature", PermitSigner.sign(item, OWNER_KEY)));
    }

    /** Quotes, signs and submits a swap; answers its source transaction hash. */
    public String swap(long fromChain, String fromToken, long toChain, String toToken, String amount)
            throws IOException, InterruptedException {
        return submit(quote(fromChain, fromToken, toChain, toToken, amount, null)).get("executionTxHash").asString();
    }
}
