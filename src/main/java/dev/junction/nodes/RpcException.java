package dev.junction.nodes;

import dev.junction.chain.abi.RevertReason;
import java.util.Optional;

/**
 * A JSON-RPC request that failed: its {@link RpcErrorType}, the node's error code and message where it answered one,
 * the revert data of a reverted call, and the URL that answered last.
 */
public class RpcException extends RuntimeException {

    private final RpcErrorType type;
    private final long code;
    private final String data;
    private final String url;

    public RpcException(RpcErrorType type, long code, String message, String data, String url, Throwable cause) {
        super(message, cause);
        this.type = type;
        this.code = code;
        this.data = data;
        this.url = url;
    }

    public RpcException(RpcErrorType type, String message, String url, Throwable cause) {
        this(type, 0, message, null, url, cause);
    }

    public RpcErrorType type() {
        return type;
    }

    /** The JSON-RPC error code, 0 when the failure was not a JSON-RPC error object. */
    public long code() {
        return code;
    }

    /** The error's {@code data} (hex revert data of a reverted call), if any. */
    public Optional<String> data() {
        return Optional.ofNullable(data);
    }

    /** The URL of the last attempt (with any credentials in its path: log with care). */
    public String url() {
        return url;
    }

    /** The revert reason decoded from {@link #data()}, if the call reverted. */
    public Optional<String> revertReason() {
        return type == RpcErrorType.EXECUTION_REVERTED ? Optional.of(RevertReason.decode(data, getMessage()))
                : Optional.empty();
    }
}
