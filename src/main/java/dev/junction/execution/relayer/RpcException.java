package dev.junction.execution.relayer;

/** A node answered a JSON-RPC request with an error object. */
public final class RpcException extends RuntimeException {

    private final long code;

    public RpcException(String method, long code, String message) {
        super(method + " failed: " + message + " (code " + code + ")");
        this.code = code;
    }

    public long code() {
        return code;
    }
}
