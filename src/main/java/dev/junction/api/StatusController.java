package dev.junction.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/status` (also `/v1/status`). */
@RestController
@Tag(name = "/status")
public class StatusController {

    private final RequestParser parser;

    StatusController(RequestParser parser) {
        this.parser = parser;
    }

    @Operation(operationId = "status", summary = "Report bridge transaction status and progress.")
    @GetMapping(path = {"/status", "/v1/status"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<Object> status(HttpServletRequest http) {
        StatusRequest request = parser.status(http);
        // The capability replaces this line with: return Envelope.ok(service.status(request));
        throw NotImplemented.of("GET /status", "status tracker");
    }
}
