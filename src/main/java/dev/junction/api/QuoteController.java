package dev.junction.api;

import dev.junction.quote.QuoteRequest;
import dev.junction.quote.QuoteService;
import dev.junction.quote.QuoteViews;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/quote` (also `/v1/quote`). */
@RestController
@Tag(name = "quote")
public class QuoteController {

    private final RequestParser parser;
    private final QuoteService service;

    QuoteController(RequestParser parser, QuoteService service) {
        this.parser = parser;
        this.service = service;
    }

    @Operation(operationId = "quote", summary = "Quote routes for a token pair and amount.")
    @GetMapping(path = {"/quote", "/v1/quote"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<List<QuoteViews.RouteView>> quote(HttpServletRequest http) {
        QuoteRequest request = parser.quote(http);
        return Envelope.ok(service.quote(request));
    }
}
