package dev.junction.gasless;

/** A gasless request refused for a reason the caller can fix; the message names the parameter and the rule. */
public class GaslessException extends RuntimeException {

    private final GaslessFailure failure;
    private final String param;

    /** A refusal blamed on the failure's usual parameter (see {@link #param()}). */
    public GaslessException(GaslessFailure failure, String message) {
        this(failure, message, null);
    }

    /** A refusal naming the request parameter at fault, as the interface spells it. */
    public GaslessException(GaslessFailure failure, String message, String param) {
        super(message);
        this.failure = failure;
        this.param = param;
    }

    public GaslessFailure failure() {
        return failure;
    }

    /** The request parameter at fault: the one given, else the failure's usual one. */
    public String param() {
        if (param != null) {
            return param;
        }
        return switch (failure) {
            case QUOTE_NOT_FOUND, PERMIT_EXPIRED, NONCE_USED, ALREADY_SUBMITTED -> "quoteId";
            case SIGNATURE_INVALID, WRONG_SIGNER -> "signature";
            case UNSUPPORTED_ACQUISITION_MODE -> "acquisitionMode";
            case NATIVE_INPUT -> "fromToken";
            case CHAIN_NOT_GASLESS -> "fromChain";
            case FEE_EXCEEDS_INPUT, INSUFFICIENT_FUNDS -> "amount";
            case INVALID_PARAMETER, NO_ROUTE, SIMULATION_FAILED -> null;
        };
    }
}
