package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.quote.InvalidQuoteRequestException;
import dev.junction.quote.QuoteStoreUnavailableException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** Spring's status exceptions keep their HTTP status class instead of becoming 500. */
class ApiExceptionHandlerTest {

    final ApiExceptionHandler handler = new ApiExceptionHandler();

    @Test
    void responseStatusExceptionsMapToTheCatalogueEntryOfTheirStatus() {
        var r = handler.status(new ResponseStatusException(HttpStatus.NOT_FOUND, "no swap s-1"));
        assertThat(r.getStatusCode().value()).isEqualTo(404);
        assertThat(r.getBody().code()).isEqualTo(1010);
        assertThat(r.getBody().message()).isEqualTo("no swap s-1");
        r = handler.status(new ResponseStatusException(HttpStatus.BAD_REQUEST));
        assertThat(r.getBody().code()).isEqualTo(1002);
        r = handler.status(new ResponseStatusException(HttpStatus.CONFLICT, "x"));
        assertThat(r.getStatusCode().value()).isEqualTo(500);
        assertThat(r.getBody().code()).isEqualTo(9001);
    }

    /** A quote store that cannot keep up with the database answers 503 / 9005 with Retry-After (issue 12 item 7). */
    @Test
    void aFullQuoteWriteQueueIs503WithRetryAfter() {
        var r = handler.quoteStoreUnavailable(new QuoteStoreUnavailableException("the quote store cannot keep up"));
        assertThat(r.getStatusCode().value()).isEqualTo(503);
        assertThat(r.getBody().code()).isEqualTo(9005);
        assertThat(r.getBody().message()).isEqualTo("the quote store cannot keep up");
        assertThat(r.getHeaders().getFirst("Retry-After")).isEqualTo("1");
    }

    /** A rule of the quote request checked by the quote module is 1002 naming the parameter. */
    @Test
    void anInvalidQuoteRequestIs1002NamingTheParameter() {
        var r = handler.invalidQuoteRequest(new InvalidQuoteRequestException("toToken must differ", "toToken"));
        assertThat(r.getStatusCode().value()).isEqualTo(400);
        assertThat(r.getBody().code()).isEqualTo(1002);
    }
}
