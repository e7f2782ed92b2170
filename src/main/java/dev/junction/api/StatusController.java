package dev.junction.api;

import dev.junction.status.StatusResult;
import dev.junction.status.StatusService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/status` (also `/v1/status`). */
@RestController
@Tag(name = "status")
public class StatusController {

    private final RequestParser parser;
    private final StatusService status;

    StatusController(RequestParser parser, StatusService status) {
        this.parser = parser;
        this.status = status;
    }

    @Operation(operationId = "status", summary = "Report bridge transaction status and progress.",
            description = """
                    Looks a swap up by its source transaction hash and fromChainId. `status` is PENDING, DONE, FAILED, \
                    REFUNDED, EXPIRED or NOT_FOUND (terminal: DONE, FAILED, REFUNDED, EXPIRED; REFUNDED is never DONE). \
                    `details.substatus`: RECEIVED, WAIT_SOURCE_CONFIRMATIONS, WAIT_DESTINATION_TRANSACTION, \
                    REFUND_IN_PROGRESS (PENDING); COMPLETED, PARTIAL (DONE: PARTIAL means the destination swap fell \
                    short and `details.receivedToken` / `receivedAmount` say which token and amount arrived instead), \
                    DESTINATION_CALL_FAILED (DONE: the output was delivered but destinationCallData reverted, ran out \
                    of its gas or was refused; the message names the fallback address and `details.receivedToken` / \
                    `receivedAmount` what it received); \
                    SLIPPAGE_EXCEEDED (FAILED: the source transaction reverted, nothing moved); RETRIES_EXHAUSTED \
                    (FAILED: a step kept failing; the message names the last error); BRIDGE_FAILED \
                    (REFUNDED); EXPIRED_BEFORE_EXECUTION (EXPIRED). An unknown hash is HTTP 200, code 0, status \
                    NOT_FOUND with `details.pollAfterSeconds`: poll again. With `userAddress`, another wallet's swap \
                    is NOT_FOUND. Chain mode (`junction.market.source=chain`): a hash on a configured chain is read \
                    from its node, whoever sent it: RECEIVED while in the node's pool; FAILED / SLIPPAGE_EXCEEDED or \
                    REVERTED (the message decodes the router's error); a cross-chain route is DONE with the Across \
                    fill as `destTxDetails`, and a deposit unfilled past its fillDeadline is EXPIRED / \
                    REFUND_IN_PROGRESS (Across refunds the depositor on the source chain).""")
    @GetMapping(path = {"/status", "/v1/status"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<StatusResult> status(HttpServletRequest http) {
        StatusRequest request = parser.status(http);
        return Envelope.ok(status.lookup(request.txHash(), request.fromChainId(),
                request.userAddress() == null ? null : request.userAddress().value()));
    }
}
