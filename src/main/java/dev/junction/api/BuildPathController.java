package dev.junction.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** `/build-path` (also `/v1/build-path`). */
@RestController
@Tag(name = "build")
public class BuildPathController {

    private final RequestParser parser;
    private final BuildService service;

    BuildPathController(RequestParser parser, BuildService service) {
        this.parser = parser;
        this.service = service;
    }

    @Operation(operationId = "buildPath", summary = "Build calldata for a selected route.")
    @PostMapping(path = {"/build-path", "/v1/build-path"}, produces = MediaType.APPLICATION_JSON_VALUE,
            consumes = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<TransactionResponse> buildPath(@RequestBody JsonNode body) {
        BuildPathRequest request = parser.buildPath(body);
        return Envelope.ok(service.buildPath(request));
    }
}
