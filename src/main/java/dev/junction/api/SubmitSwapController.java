package dev.junction.api;

import dev.junction.gasless.GaslessService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** `/gasless/submit-swap` (also `/v1/gasless/submit-swap`). */
@RestController
@Tag(name = "/gasless/submit-swap")
public class SubmitSwapController {

    private final RequestParser parser;
    private final GaslessService service;

    SubmitSwapController(RequestParser parser, GaslessService service) {
        this.parser = parser;
        this.service = service;
    }

    @Operation(operationId = "submitSwap", summary = "Submit a gasless swap with its permit signature.")
    @PostMapping(path = {"/gasless/submit-swap", "/v1/gasless/submit-swap"}, produces = MediaType.APPLICATION_JSON_VALUE,
            consumes = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<GaslessResponses.SwapResult> submitSwap(@RequestBody JsonNode body) {
        SubmitSwapRequest request = parser.submitSwap(body);
        return Envelope.ok(GaslessResponses.of(service.submit(request.quoteId(), request.signature())));
    }
}
