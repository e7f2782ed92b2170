package dev.junction.webhooks;

import java.util.Objects;

/** A webhook request Junction refuses; the api maps each {@link Reason} to its catalogue code. */
public class WebhookException extends RuntimeException {

    /** Why. */
    public enum Reason {
        /** The URL is not http(s), not https outside the allowed hosts, resolves to a private address, or redirects. */
        URL_REFUSED,
        /** No webhook of this owner has the id. */
        NOT_FOUND,
        /** The owner has as many webhooks as {@code junction.webhooks.max-per-key} allows. */
        LIMIT_REACHED
    }

    private final Reason reason;
    private final String param;

    /**
     * @param message one sentence naming the parameter and the rule
     * @param param the parameter at fault, or null
     */
    public WebhookException(Reason reason, String message, String param) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.param = param;
    }

    public Reason reason() {
        return reason;
    }

    /** The parameter at fault, or null. */
    public String param() {
        return param;
    }
}
