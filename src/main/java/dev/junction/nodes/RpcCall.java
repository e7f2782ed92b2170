package dev.junction.nodes;

import java.util.List;
import java.util.Objects;

/**
 * One JSON-RPC method call.
 *
 * @param method e.g. {@code eth_call}
 * @param params positional parameters: strings, numbers, booleans, lists, maps or Jackson nodes
 */
public record RpcCall(String method, List<?> params) {

    public RpcCall {
        Objects.requireNonNull(method, "method");
        params = params == null ? List.of() : params;
    }

    public static RpcCall of(String method, Object... params) {
        return new RpcCall(method, List.of(params));
    }
}
