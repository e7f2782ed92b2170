package dev.junction.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/build-best-path` (also `/v1/build-best-path`). */
@RestController
@Tag(name = "build")
public class BuildBestPathController {

    private final RequestParser parser;
    private final BuildService service;

    BuildBestPathController(RequestParser parser, BuildService service) {
        this.parser = parser;
        this.service = service;
    }

    @Operation(operationId = "buildBestPath",
            summary = "Build calldata for the best-ranked route Junction can execute.")
    @GetMapping(path = {"/build-best-path", "/v1/build-best-path"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<BuildBestPathResult> buildBestPath(HttpServletRequest http) {
        BuildBestPathRequest request = parser.buildBestPath(http);
        return Envelope.ok(service.buildBestPath(request));
    }
}
