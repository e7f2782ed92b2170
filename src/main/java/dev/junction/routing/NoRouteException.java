package dev.junction.routing;

/**
 * No route delivers anything for the request. {@link #reason()} says which kind of failure; the message says why in
 * terms of the request (chains, tokens, the lane minimum or capacity, the fees).
 */
public class NoRouteException extends RuntimeException {

    /** Why no route remains. */
    public enum Reason {
        /** No path connects the tokens within the limits and filters. */
        NO_ROUTE,
        /** Paths exist but the amount is below the minimum of every bridge lane they need. */
        AMOUNT_TOO_LOW,
        /** Paths exist but the amount is above the capacity of every bridge lane (or pool depth) they need. */
        INSUFFICIENT_LIQUIDITY,
        /** Paths exist but fees (integrator, LP, bridge) consume the whole amount. */
        FEES_EXCEED_AMOUNT
    }

    private final Reason reason;

    public NoRouteException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
