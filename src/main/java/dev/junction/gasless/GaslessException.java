package dev.junction.gasless;

/** A gasless request refused for a reason the caller can fix; the message names the parameter and the rule. */
public class GaslessException extends RuntimeException {

    private final GaslessFailure failure;

    public GaslessException(GaslessFailure failure, String message) {
        super(message);
        this.failure = failure;
    }

    public GaslessFailure failure() {
        return failure;
    }
}
