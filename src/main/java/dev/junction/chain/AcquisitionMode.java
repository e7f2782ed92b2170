package dev.junction.chain;

/**
 * How the router takes the input from the sender ({@code acquisitionMode} on the wire, an int32 code). The one owner
 * of the modes and of the rule which input each mode can move; the HTTP edge, the calldata builder and the gasless
 * rules each phrase their own error around {@link #moves(boolean)}. The constant names are persisted (the quote
 * store writes {@code QuoteRequest} as JSON): renaming one makes stored quotes unreadable.
 */
public enum AcquisitionMode {
    /** 0: ERC-20 {@code transferFrom}; the sender approves the router. */
    DIRECT_TRANSFER(0),
    /** 1: the native token, sent as the transaction's value. */
    NATIVE_TOKEN(1),
    /** 2: a Permit2 transfer; the sender approves Permit2. */
    SIGNED_PERMIT(2),
    /** 3: a Permit2 transfer with witness; the sender approves Permit2. */
    SIGNED_PERMIT_WITNESS(3);

    private final int code;

    AcquisitionMode(int code) {
        this.code = code;
    }

    /** The number on the wire and in {@code RouteParams.acquisitionMode}. */
    public int code() {
        return code;
    }

    /**
     * The mode for a wire number.
     *
     * @throws IllegalArgumentException naming {@code acquisitionMode} for any number but 0 to 3
     */
    public static AcquisitionMode of(int code) {
        for (AcquisitionMode m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        throw new IllegalArgumentException(
                "acquisitionMode must be 0 (direct), 1 (native), 2 (permit) or 3 (permit with witness)");
    }

    /** Whether the input is pulled through Permit2 (2 and 3). */
    public boolean usesPermit2() {
        return this == SIGNED_PERMIT || this == SIGNED_PERMIT_WITNESS;
    }

    /**
     * Whether this mode can move an input of this kind: 1 moves only the native token (sent as value); 0, 2 and 3
     * move only an ERC-20 token (Permit2 cannot move the native token).
     */
    public boolean moves(boolean nativeInput) {
        return (this == NATIVE_TOKEN) == nativeInput;
    }
}
