package dev.junction.nodes;

import tools.jackson.databind.JsonNode;

/**
 * The answer to one call of a batch: its result, or the error the node answered for it.
 *
 * @param result the {@code result} node (JSON null for a null result); null when {@code error} is set
 * @param error the failure of this call; null on success
 */
public record RpcResult(JsonNode result, RpcException error) {

    public boolean ok() {
        return error == null;
    }

    /** The result, or the error thrown. */
    public JsonNode orThrow() {
        if (error != null) {
            throw error;
        }
        return result;
    }
}
