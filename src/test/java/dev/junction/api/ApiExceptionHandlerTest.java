package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

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
}
