package dev.junction.market.math;

/**
 * A Balancer V2 contract's revert, reproduced by its math: the {@code BAL#} error code the contract would raise (e.g.
 * 304 {@code MAX_IN_RATIO}, 305 {@code MAX_OUT_RATIO}, 001 {@code SUB_OVERFLOW}). A pool quote catches it: the pool
 * cannot fill that amount.
 */
public final class BalancerRevert extends ArithmeticException {

    /** {@code ADD_OVERFLOW}. */
    public static final int ADD_OVERFLOW = 0;
    /** {@code SUB_OVERFLOW}. */
    public static final int SUB_OVERFLOW = 1;
    /** {@code MUL_OVERFLOW}. */
    public static final int MUL_OVERFLOW = 3;
    /** {@code ZERO_DIVISION}. */
    public static final int ZERO_DIVISION = 4;
    /** {@code DIV_INTERNAL}. */
    public static final int DIV_INTERNAL = 5;
    /** {@code X_OUT_OF_BOUNDS} (LogExpMath). */
    public static final int X_OUT_OF_BOUNDS = 6;
    /** {@code Y_OUT_OF_BOUNDS}. */
    public static final int Y_OUT_OF_BOUNDS = 7;
    /** {@code PRODUCT_OUT_OF_BOUNDS}. */
    public static final int PRODUCT_OUT_OF_BOUNDS = 8;
    /** {@code INVALID_EXPONENT}. */
    public static final int INVALID_EXPONENT = 9;
    /** {@code OUT_OF_BOUNDS} (ln of a non-positive number). */
    public static final int OUT_OF_BOUNDS = 100;
    /** {@code STABLE_INVARIANT_DIDNT_CONVERGE}. */
    public static final int STABLE_INVARIANT_DIDNT_CONVERGE = 321;
    /** {@code STABLE_GET_BALANCE_DIDNT_CONVERGE}. */
    public static final int STABLE_GET_BALANCE_DIDNT_CONVERGE = 322;
    /** {@code MAX_IN_RATIO}. */
    public static final int MAX_IN_RATIO = 304;
    /** {@code MAX_OUT_RATIO}. */
    public static final int MAX_OUT_RATIO = 305;

    private final int code;

    public BalancerRevert(int code) {
        super(String.format("BAL#%03d", code));
        this.code = code;
    }

    /** The contract's error code. */
    public int code() {
        return code;
    }
}
