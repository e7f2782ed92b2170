package dev.junction.execution.relayer;

import dev.junction.nodes.RpcException;

/**
 * A chain's node could not be reached (connection refused, timeout, HTTP error): try again later. It is the rpc
 * module's transport failure it wraps (same {@link dev.junction.nodes.RpcErrorType}), so an API call that needed the
 * node answers as for any node failure (9002 / 9003 with a retry hint), never as an internal error.
 */
public final class NodeUnavailableException extends RpcException {

    public NodeUnavailableException(String message, RpcException cause) {
        super(cause.type(), message, cause.url(), cause);
    }
}
