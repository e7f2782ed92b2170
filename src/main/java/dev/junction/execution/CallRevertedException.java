package dev.junction.execution;

/** A simulated call ({@link ChainRelay#simulate}) reverted: {@link #getMessage()} is the decoded reason. */
public final class CallRevertedException extends RuntimeException {

    private final String data;

    public CallRevertedException(String reason, String data) {
        super(reason);
        this.data = data;
    }

    /** The revert data, 0x-hex ({@code 0x} when the node gave none). */
    public String data() {
        return data;
    }
}
