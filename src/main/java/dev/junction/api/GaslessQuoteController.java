package dev.junction.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/gasless/quote` (also `/v1/gasless/quote`). */
@RestController
@Tag(name = "/gasless/quote")
public class GaslessQuoteController {

    private final RequestParser parser;

    GaslessQuoteController(RequestParser parser) {
        this.parser = parser;
    }

    @Operation(operationId = "gaslessQuote", summary = "Quote a gasless swap with a pre-built EIP-712 permit.")
    @GetMapping(path = {"/gasless/quote", "/v1/gasless/quote"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<Object> gaslessQuote(HttpServletRequest http) {
        GaslessQuoteRequest request = parser.gaslessQuote(http);
        // The capability replaces this line with: return Envelope.ok(service.gaslessQuote(request));
        throw NotImplemented.of("GET /gasless/quote", "gasless quoting");
    }
}
