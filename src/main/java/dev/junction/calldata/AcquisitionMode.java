package dev.junction.calldata;

/**
 * How the router takes the input from the sender ({@code acquisitionMode} on the wire).
 */
public enum AcquisitionMode {
    /** 0: ERC-20 {@code transferFrom}; the sender approves the router. */
    DIRECT(0),
    /** 1: the native token, sent as the transaction's value. */
    NATIVE(1),
    /** 2: a Permit2 transfer; the sender approves Permit2. */
    PERMIT2(2),
    /** 3: a Permit2 transfer with witness; the sender approves Permit2. */
    PERMIT2_WITNESS(3);

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
     * @throws CalldataException naming {@code acquisitionMode} for any number but 0 to 3
     */
    public static AcquisitionMode of(int code) {
        for (AcquisitionMode m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        throw new CalldataException("acquisitionMode", "must be 0 (direct), 1 (native), 2 (permit) or 3 (permit with witness)");
    }

    /** Whether the input is pulled through Permit2 (2 and 3). */
    public boolean usesPermit2() {
        return this == PERMIT2 || this == PERMIT2_WITNESS;
    }
}
