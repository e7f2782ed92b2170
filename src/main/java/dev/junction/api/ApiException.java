package dev.junction.api;

import java.util.Objects;

/**
 * A failure with a catalogue code, answered as the envelope by {@link ApiExceptionHandler}. Throw it from the api module
 * (request parsing, controllers); other modules throw their own typed exceptions, which the handler maps.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final String param;

    /**
     * @param code the catalogue entry
     * @param message one sentence naming the parameter and the rule, e.g. "feeBps must be an integer from 0 to 10000"
     * @param param the parameter at fault, exactly as the interface spells it, or null
     */
    public ApiException(ErrorCode code, String message, String param) {
        super(Objects.requireNonNull(message, "message"));
        this.code = Objects.requireNonNull(code, "code");
        this.param = param;
    }

    /** A failure not tied to one parameter. */
    public ApiException(ErrorCode code, String message) {
        this(code, message, null);
    }

    public ErrorCode code() {
        return code;
    }

    /** The parameter at fault, or null. */
    public String param() {
        return param;
    }

    /** The envelope this failure is answered with. */
    public Envelope<Envelope.ParamRef> envelope() {
        return Envelope.error(code, getMessage(), param);
    }
}
