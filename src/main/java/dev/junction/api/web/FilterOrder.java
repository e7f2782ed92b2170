package dev.junction.api.web;

import org.springframework.core.Ordered;

/**
 * The order of Junction's servlet filters: the response buffer's size first, before anything is written; then the
 * request id, so every answer, even a rejection, carries it.
 */
final class FilterOrder {

    /** Before anything can write to the response ({@link ResponseBuffering}). */
    static final int RESPONSE_BUFFER = Ordered.HIGHEST_PRECEDENCE + 5;
    static final int REQUEST_ID = RESPONSE_BUFFER + 5;
    static final int BODY_LIMIT = REQUEST_ID + 10;
    /** Before the key check, so clients without a valid key are limited per IP too. */
    static final int RATE_LIMIT = BODY_LIMIT + 10;
    static final int API_KEY = RATE_LIMIT + 10;

    private FilterOrder() {
    }
}
