package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.quote.InvalidQuoteRequestException;
import dev.junction.quote.QuoteStoreUnavailableException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
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

    /**
     * The database busy (a lock not granted in time, a query timeout) or unreachable (no connection) is 503 / 9005 with
     * Retry-After, not a 500: the transaction rolled back, so a retry is safe.
     */
    @Test
    void aBusyOrUnreachableDatabaseIs503WithRetryAfter() {
        for (DataAccessException e : List.of(new QueryTimeoutException("Timeout trying to lock table"),
                new CannotAcquireLockException("lock wait"),
                new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection"))) {
            var r = handler.databaseUnavailable(e);
            assertThat(r.getStatusCode().value()).as(e.toString()).isEqualTo(503);
            assertThat(r.getBody().code()).isEqualTo(9005);
            assertThat(r.getBody().message()).startsWith("the database is busy or unreachable (")
                    .contains(e.getClass().getSimpleName()).doesNotContain("Timeout trying", "lock wait", "JDBC");
            assertThat(r.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        }
    }

    /** A rule of the quote request checked by the quote module is 1002 naming the parameter. */
    @Test
    void anInvalidQuoteRequestIs1002NamingTheParameter() {
        var r = handler.invalidQuoteRequest(new InvalidQuoteRequestException("toToken must differ", "toToken"));
        assertThat(r.getStatusCode().value()).isEqualTo(400);
        assertThat(r.getBody().code()).isEqualTo(1002);
    }
}
