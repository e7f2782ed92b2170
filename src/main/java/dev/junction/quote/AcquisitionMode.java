package dev.junction.quote;

/** {@code acquisitionMode}: how the input token is taken from the sender; the wire value is the int32 code. */
public enum AcquisitionMode {
    /** 0: the sender approves and the router pulls (transferFrom). */
    DIRECT_TRANSFER(0),
    /** 1: the native token is sent as the call's value. */
    NATIVE_TOKEN(1),
    /** 2: a Permit2 signature transfer. */
    SIGNED_PERMIT(2),
    /** 3: a Permit2 signature transfer with a witness. */
    SIGNED_PERMIT_WITNESS(3);

    private final int code;

    AcquisitionMode(int code) {
        this.code = code;
    }

    /** The int32 on the wire. */
    public int code() {
        return code;
    }

    /** The mode of this int32 code (0 to 3). */
    public static AcquisitionMode ofCode(int code) {
        return values()[code];
    }
}
