package dev.junction.api;

import dev.junction.api.web.Callers;
import dev.junction.gasless.GaslessService;
import dev.junction.webhooks.Submitter;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** `/gasless/submit-swap` (also `/v1/gasless/submit-swap`). */
@RestController
@Tag(name = "gasless")
public class SubmitSwapController {

    private final RequestParser parser;
    private final GaslessService service;
    private final Callers callers;

    SubmitSwapController(RequestParser parser, GaslessService service, Callers callers) {
        this.parser = parser;
        this.service = service;
        this.callers = callers;
    }

    /**
     * What the sandbox simulates, said where an integrator looks: the operation's description and every accepted
     * swap's {@code message} (issue 12: a simulation that silently pretends is a defect).
     */
    static final String BALANCES_NOT_CHECKED = "Sandbox: the owner's token balances and Permit2 allowances are not "
            + "checked. The embedded network holds no token balances, so an accepted swap is simulated whatever the "
            + "owner holds or approved.";

    /** The accepted swap's {@code message} in chain mode, where Junction's relayer sends it on a real chain. */
    static final String CHECKED_ON_CHAIN = "On chain: the owner's balance, Permit2 allowance and nonce were read from "
            + "the node, the relayer's transaction passed an eth_call and the relayer's balance covered its gas before it was "
            + "signed.";

    @Operation(operationId = "submitSwap", summary = "Submit a gasless swap with its permit signature.",
            description = "Verifies the signature against the quote's EIP-712 object, then hands the swap to the "
                    + "executor; follow it with `/status`. " + BALANCES_NOT_CHECKED + " In chain mode (a real chain "
                    + "with Junction's relayer and router) they are checked on chain first (4010), the permit's nonce "
                    + "in Permit2 (4006), an eth_call of the relayer's exact transaction must succeed (3007), and the "
                    + "relayer's own balance must pay its gas at the live gas price (503 / 9006 otherwise). Every status "
                    + "change of the swap goes to the webhooks of the API key that submits it.")
    @PostMapping(path = {"/gasless/submit-swap", "/v1/gasless/submit-swap"}, produces = MediaType.APPLICATION_JSON_VALUE,
            consumes = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<GaslessResponses.SwapResult> submitSwap(@RequestBody JsonNode body, HttpServletRequest http) {
        SubmitSwapRequest request = parser.submitSwap(body);
        // the key that submits follows the swap: its webhooks get every change (recorded with the swap's insert)
        var swap = Submitter.as(callers.owner(http), () -> service.submit(request.quoteId(), request.signature()));
        return new Envelope<>(0, GaslessResponses.of(swap),
                Envelope.OK + ". " + (swap.onChain() ? CHECKED_ON_CHAIN : BALANCES_NOT_CHECKED));
    }
}
