package dev.junction.api.web;

import org.springframework.core.Ordered;

/** The order of Junction's servlet filters: request id first, so every answer, even a rejection, carries it. */
final class FilterOrder {

    static final int REQUEST_ID = Ordered.HIGHEST_PRECEDENCE + 10;
    static final int BODY_LIMIT = REQUEST_ID + 10;
    static final int API_KEY = BODY_LIMIT + 10;
    static final int RATE_LIMIT = API_KEY + 10;

    private FilterOrder() {
    }
}
