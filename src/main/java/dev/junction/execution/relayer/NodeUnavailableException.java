package dev.junction.execution.relayer;

/** A chain's node could not be reached (connection refused, timeout, HTTP error): try again later. */
public final class NodeUnavailableException extends RuntimeException {

    public NodeUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
