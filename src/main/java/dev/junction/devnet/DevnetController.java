package dev.junction.devnet;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code POST /devnet/{chainId}}: Ethereum JSON-RPC 2.0 for one embedded chain. This endpoint speaks JSON-RPC, not
 * the REST envelope: every answer, errors included, is a JSON-RPC response with HTTP 200 (204 when the body held only
 * notifications). It reads the body as text and parses it itself, and its own {@link ExceptionHandler} (which wins over
 * the api module's {@code @RestControllerAdvice} for this controller) turns anything unexpected into a JSON-RPC
 * -32603 error, so {@code ApiExceptionHandler} never wraps it.
 *
 * <p>Off unless {@code junction.devnet.enabled=true}: its funding methods need no authentication and router calls
 * through it move the pools every quote uses, so a service must opt in to expose it.
 */
@RestController
@ConditionalOnProperty(prefix = "junction.devnet", name = "enabled", havingValue = "true")
@Tag(name = "devnet", description = "Ethereum JSON-RPC 2.0 view of the embedded chains (not the REST envelope)")
class DevnetController {

    private static final Logger log = LoggerFactory.getLogger(DevnetController.class);

    private final JsonRpc rpc;
    private final JsonMapper json;

    DevnetController(JsonRpc rpc, JsonMapper json) {
        this.rpc = rpc;
        this.json = json;
    }

    @Operation(summary = "Ethereum JSON-RPC 2.0 (single request or batch) for the chain in the path")
    @PostMapping(path = "/devnet/{chainId}", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> rpc(@PathVariable("chainId") String chainId,
            @RequestBody(required = false) String body) {
        String answer = rpc.handle(chainId, body);
        if (answer == null) {
            return ResponseEntity.noContent().build();
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(answer);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<String> failure(Exception e) {
        log.error("devnet request failed", e);
        String body = json.writeValueAsString(JsonRpc.error(JsonNodeFactory.instance.nullNode(), RpcError.INTERNAL,
                "internal error: " + e.getClass().getSimpleName(), null));
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
