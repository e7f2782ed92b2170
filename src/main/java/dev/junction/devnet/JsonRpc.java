package dev.junction.devnet;

import dev.junction.market.Chain;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON-RPC 2.0 framing (https://www.jsonrpc.org/specification): single requests and batches, notifications (no
 * {@code id}: no answer), and the standard error objects. Method calls are delegated to {@link EthMethods}.
 */
final class JsonRpc {

    private static final Logger log = LoggerFactory.getLogger(JsonRpc.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Largest batch served, as geth's default batch request limit. */
    static final int MAX_BATCH = 1000;

    private final JsonMapper json;
    private final Devnet devnet;
    private final EthMethods methods;

    JsonRpc(JsonMapper json, Devnet devnet, EthMethods methods) {
        this.json = json;
        this.devnet = devnet;
        this.methods = methods;
    }

    /**
     * Answers a request body for the chain in the path.
     *
     * @return the response JSON, or null when nothing is to be answered (only notifications)
     */
    String handle(String pathChainId, String body) {
        JsonNode root;
        try {
            root = json.readTree(body == null ? "" : body);
        } catch (JacksonException e) {
            return write(error(NODES.nullNode(), RpcError.PARSE, "parse error: the body is not valid JSON", null));
        }
        if (root == null || root.isMissingNode()) {
            return write(error(NODES.nullNode(), RpcError.PARSE, "parse error: the body is empty", null));
        }
        Chain chain;
        try {
            chain = devnet.chain(pathChainId);
        } catch (RpcError e) {
            JsonNode id = root.isObject() && root.has("id") ? root.get("id") : NODES.nullNode();
            return write(error(id, e.code(), e.getMessage(), null));
        }
        if (root.isArray()) {
            if (root.isEmpty()) {
                return write(error(NODES.nullNode(), RpcError.INVALID_REQUEST, "invalid request: empty batch", null));
            }
            if (root.size() > MAX_BATCH) {
                return write(error(NODES.nullNode(), RpcError.INVALID_REQUEST,
                        "invalid request: a batch holds at most " + MAX_BATCH + " requests", null));
            }
            ArrayNode out = NODES.arrayNode();
            for (JsonNode request : root) {
                ObjectNode answer = one(chain, request);
                if (answer != null) {
                    out.add(answer);
                }
            }
            return out.isEmpty() ? null : write(out);
        }
        ObjectNode answer = one(chain, root);
        return answer == null ? null : write(answer);
    }

    private static final Set<String> MEMBERS = Set.of("jsonrpc", "method", "params", "id");

    private ObjectNode one(Chain chain, JsonNode request) {
        if (!request.isObject()) {
            return error(NODES.nullNode(), RpcError.INVALID_REQUEST, "invalid request: not a JSON object", null);
        }
        JsonNode id = request.get("id");
        boolean notification = id == null;
        JsonNode answerId = id == null ? NODES.nullNode() : id;
        if (id != null && !(id.isString() || id.isNumber() || id.isNull())) {
            return error(NODES.nullNode(), RpcError.INVALID_REQUEST, "invalid request: id must be a string, number or null",
                    null);
        }
        JsonNode version = request.get("jsonrpc");
        if (version == null || !version.isString() || !version.asString().equals("2.0")) {
            return error(answerId, RpcError.INVALID_REQUEST, "invalid request: jsonrpc must be \"2.0\"", null);
        }
        JsonNode method = request.get("method");
        if (method == null || !method.isString()) {
            return error(answerId, RpcError.INVALID_REQUEST, "invalid request: method must be a string", null);
        }
        JsonNode params = request.get("params");
        if (params != null && !params.isArray() && !params.isNull()) {
            return error(answerId, RpcError.INVALID_PARAMS, "invalid params: params must be an array", null);
        }
        for (String name : request.propertyNames()) {
            if (!MEMBERS.contains(name)) {
                return error(answerId, RpcError.INVALID_REQUEST, "invalid request: unknown member " + name, null);
            }
        }
        ArrayNode args = params == null || params.isNull() ? NODES.arrayNode() : (ArrayNode) params;
        ObjectNode answer;
        try {
            JsonNode result = methods.call(chain, method.asString(), args);
            answer = NODES.objectNode().put("jsonrpc", "2.0");
            answer.set("id", answerId);
            answer.set("result", result == null ? NODES.nullNode() : result);
        } catch (RpcError e) {
            answer = error(answerId, e.code(), e.getMessage(), e.data());
        } catch (RuntimeException e) {
            log.error("devnet: {} failed", method.asString(), e);
            answer = error(answerId, RpcError.INTERNAL, "internal error: " + e.getClass().getSimpleName(), null);
        }
        return notification ? null : answer;
    }

    static ObjectNode error(JsonNode id, int code, String message, String data) {
        ObjectNode e = NODES.objectNode().put("code", code).put("message", message);
        if (data != null) {
            e.put("data", data);
        }
        ObjectNode answer = NODES.objectNode().put("jsonrpc", "2.0");
        answer.set("id", id);
        answer.set("error", e);
        return answer;
    }

    private String write(JsonNode node) {
        return json.writeValueAsString(node);
    }
}
