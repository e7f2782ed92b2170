package dev.junction.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/quote` (also `/v1/quote`). */
@RestController
@Tag(name = "/quote")
public class QuoteController {

    private final RequestParser parser;

    QuoteController(RequestParser parser) {
        this.parser = parser;
    }

    @Operation(operationId = "quote", summary = "Quote routes for a token pair and amount.")
    @GetMapping(path = {"/quote", "/v1/quote"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<Object> quote(HttpServletRequest http) {
        QuoteRequest request = parser.quote(http);
        // The capability replaces this line with: return Envelope.ok(service.quote(request));
        throw NotImplemented.of("GET /quote", "route planner");
    }
}
