package dev.junction.calldata;

import java.math.BigInteger;

/**
 * No planned route passes the build filters. The api maps {@link Reason#PRICE_IMPACT_TOO_HIGH} to 3005 and
 * {@link Reason#MIN_OUTPUT_UNREACHABLE} to 3006, naming {@link #parameter()}.
 */
public class RouteChoiceException extends RuntimeException {

    /** Why nothing is left. */
    public enum Reason { PRICE_IMPACT_TOO_HIGH, MIN_OUTPUT_UNREACHABLE }

    private final Reason reason;
    private final String parameter;
    private final BigInteger bestReachable;

    public RouteChoiceException(Reason reason, String parameter, String message, BigInteger bestReachable) {
        super(message);
        this.reason = reason;
        this.parameter = parameter;
        this.bestReachable = bestReachable;
    }

    public Reason reason() {
        return reason;
    }

    public String parameter() {
        return parameter;
    }

    /** For {@link Reason#MIN_OUTPUT_UNREACHABLE}: the largest amountOut any route reaches; else null. */
    public BigInteger bestReachable() {
        return bestReachable;
    }
}
