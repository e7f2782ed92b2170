package dev.junction.nodes;

/**
 * Why a JSON-RPC request failed, after Besu's {@code RpcErrorType}: transport failures (which the client retries and
 * fails over) and the node's JSON-RPC error objects (which it does not, except the rate limit).
 */
public enum RpcErrorType {
    /** No answer within the request timeout. */
    TIMEOUT(true),
    /** Connection refused, reset or closed: the node is down or unreachable. */
    UNREACHABLE(true),
    /** HTTP 429, or JSON-RPC {@code -32005} (limit exceeded). */
    RATE_LIMITED(true),
    /** HTTP 5xx. */
    SERVER_UNAVAILABLE(true),
    /** HTTP status other than 200, 429 or 5xx. */
    HTTP_ERROR(false),
    /** The body is not a JSON-RPC response to the request sent. */
    INVALID_RESPONSE(false),
    /** {@code -32700}. */
    PARSE_ERROR(false),
    /** {@code -32600}. */
    INVALID_REQUEST(false),
    /** {@code -32601}. */
    METHOD_NOT_FOUND(false),
    /** {@code -32602}. */
    INVALID_PARAMS(false),
    /** {@code -32603}. */
    INTERNAL_ERROR(false),
    /** Code 3, or a message starting "execution reverted": an {@code eth_call}/{@code eth_estimateGas} reverted. */
    EXECUTION_REVERTED(false),
    /** Any other JSON-RPC error object (e.g. {@code -32000} "header not found"). */
    SERVER_ERROR(false);

    private final boolean retryable;

    RpcErrorType(boolean retryable) {
        this.retryable = retryable;
    }

    /** Whether another attempt (on this or the next URL) may succeed. */
    public boolean retryable() {
        return retryable;
    }

    /** The type of a JSON-RPC error object. */
    public static RpcErrorType ofCode(long code, String message) {
        if (code == 3 || (message != null && message.startsWith("execution reverted"))) {
            return EXECUTION_REVERTED;
        }
        return switch ((int) code) {
            case -32700 -> PARSE_ERROR;
            case -32600 -> INVALID_REQUEST;
            case -32601 -> METHOD_NOT_FOUND;
            case -32602 -> INVALID_PARAMS;
            case -32603 -> INTERNAL_ERROR;
            case -32005 -> RATE_LIMITED;
            default -> SERVER_ERROR;
        };
    }
}
