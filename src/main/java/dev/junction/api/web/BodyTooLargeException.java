package dev.junction.api.web;

import java.io.IOException;

/** Raised while reading a request body that grows past {@link BodyLimitFilter#MAX_BYTES}. */
public class BodyTooLargeException extends IOException {

    BodyTooLargeException() {
        super("the request body exceeds " + BodyLimitFilter.MAX_BYTES + " bytes");
    }

    /** Whether {@code t} or one of its causes is a body-too-large failure (JSON readers wrap it). */
    public static boolean in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof BodyTooLargeException) {
                return true;
            }
        }
        return false;
    }
}
