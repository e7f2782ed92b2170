package dev.junction.devnet;

/**
 * A JSON-RPC error answer. Codes: -32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid
 * params, -32603 internal error, -32000 a transaction the node refuses (geth's code: nonce, chain id, funds, gas),
 * -32001 the path names a chain this devnet does not serve, 3 execution reverted (with {@code data}: the revert bytes).
 */
final class RpcError extends RuntimeException {

    static final int PARSE = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL = -32603;
    static final int REFUSED = -32000;
    static final int UNKNOWN_CHAIN = -32001;
    static final int REVERTED = 3;

    private final int code;
    private final String data;

    RpcError(int code, String message, String data) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
    }

    RpcError(int code, String message) {
        this(code, message, null);
    }

    static RpcError params(String message) {
        return new RpcError(INVALID_PARAMS, message);
    }

    static RpcError refused(String message) {
        return new RpcError(REFUSED, message);
    }

    int code() {
        return code;
    }

    /** Hex revert data for code 3, else null. */
    String data() {
        return data;
    }
}
