package dev.junction.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/build-best-path` (also `/v1/build-best-path`). */
@RestController
@Tag(name = "/build-best-path")
public class BuildBestPathController {

    private final RequestParser parser;

    BuildBestPathController(RequestParser parser) {
        this.parser = parser;
    }

    @Operation(operationId = "buildBestPath", summary = "Build calldata for the best-ranked route.")
    @GetMapping(path = {"/build-best-path", "/v1/build-best-path"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<Object> buildBestPath(HttpServletRequest http) {
        BuildBestPathRequest request = parser.buildBestPath(http);
        // The capability replaces this line with: return Envelope.ok(service.buildBestPath(request));
        throw NotImplemented.of("GET /build-best-path", "calldata builder");
    }
}
