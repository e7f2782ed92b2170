package dev.junction.quote;

/**
 * A {@code /quote} request that the parser could not reject on its own (an unknown provider key, the same token on
 * both sides): the HTTP edge answers 1002 naming {@link #parameter()}.
 */
public class InvalidQuoteRequestException extends RuntimeException {

    private final String parameter;

    public InvalidQuoteRequestException(String message, String parameter) {
        super(message);
        this.parameter = parameter;
    }

    /** The request parameter that breaks the rule. */
    public String parameter() {
        return parameter;
    }
}
