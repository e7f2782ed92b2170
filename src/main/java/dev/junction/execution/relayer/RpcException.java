package dev.junction.execution.relayer;

/** A node answered a JSON-RPC request with an error object. */
public final class RpcException extends RuntimeException {

    private final long code;
    private final String revertData;

    public RpcException(String method, long code, String message) {
        this(method, code, message, null);
    }

    /** @param revertData the error's {@code data} when a call reverted (0x-hex), else null */
    public RpcException(String method, long code, String message, String revertData) {
        super(method + " failed: " + message + " (code " + code + ")");
        this.code = code;
        this.revertData = revertData;
    }

    /** The revert data of a reverted call, 0x-hex, or null. */
    public String revertData() {
        return revertData;
    }

    public long code() {
        return code;
    }
}
