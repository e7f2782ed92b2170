package dev.junction.api;

import dev.junction.api.web.Callers;
import dev.junction.webhooks.StatusEvent;
import dev.junction.webhooks.StatusStreams;
import dev.junction.webhooks.StatusWatches;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import tools.jackson.databind.JsonNode;

/** `/status/watch` and `/status/stream` (also under `/v1`): status pushed instead of polled. */
@RestController
@Tag(name = "status")
public class StatusPushController {

    private static final Logger log = LoggerFactory.getLogger(StatusPushController.class);

    /** The stream's header of a reconnect (browsers' EventSource sends it by itself). */
    static final String LAST_EVENT_ID = "Last-Event-ID";

    private final RequestParser parser;
    private final StatusWatches watches;
    private final StatusStreams streams;
    private final Callers callers;

    StatusPushController(RequestParser parser, StatusWatches watches, StatusStreams streams, Callers callers) {
        this.parser = parser;
        this.watches = watches;
        this.streams = streams;
        this.callers = callers;
    }

    @Operation(operationId = "watchStatus", summary = "Follow a route your wallet sent; its changes go to your "
            + "webhooks.", description = """
                    Body `{txHash, fromChainId}` (a JSON string and a JSON integer). Junction follows the transaction \
                    as `/status` answers for it (in chain mode, read from the chain's node) until a terminal state, \
                    and sends each change (status, substatus or destination transaction) to the webhooks of the \
                    caller's API key, and to status streams. Idempotent. Answers `{fromChainId, txHash, \
                    expiresAtMs}`: a route not ended by then is no longer followed (`junction.webhooks.watch-max-age`, \
                    default 24 h).""")
    @PostMapping(path = {"/status/watch", "/v1/status/watch"}, produces = MediaType.APPLICATION_JSON_VALUE,
            consumes = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<StatusWatches.Watch> watch(@RequestBody JsonNode body, HttpServletRequest http) {
        WatchRequest request = parser.watch(body);
        return Envelope.ok(watches.watch(callers.owner(http), request.fromChainId(), request.txHash()));
    }

    @Operation(operationId = "statusStream", summary = "Server-sent events: a route's status as it changes.",
            description = """
                    `text/event-stream`. At once the current status (event `status`: the last recorded change with \
                    its `id`, or, before any, the `/status` answer without an id), then each change as an event \
                    `status` whose `id` is the change's event id (the webhooks' `event`) and whose data is the \
                    webhook body; a comment line `:heartbeat` every 15 s; the stream ends after a terminal status. A \
                    reconnect with header `Last-Event-ID` gets every change after that event, none missing. \
                    Parameters as `/status` (`txHash`, `fromChainId`); an invalid one answers the JSON envelope.""")
    @GetMapping(path = {"/status/stream", "/v1/status/stream"})
    public SseEmitter stream(HttpServletRequest http,
            @Parameter(description = "On a reconnect, the `id` of the last event received (evt_ and 32 hex "
                    + "digits; otherwise 1002): the stream resumes after it.")
            @RequestHeader(name = LAST_EVENT_ID, required = false) String lastEventId) {
        WatchRequest request = parser.stream(http);
        String resume = lastEventId == null || lastEventId.isBlank() ? null : lastEventId.trim();
        if (resume != null && !resume.matches(StatusEvent.ID_PATTERN)) {
            throw new ApiException(ErrorCode.INVALID_PARAMETER, LAST_EVENT_ID + " must be an event id: evt_ and 32 "
                    + "hex digits", LAST_EVENT_ID);
        }
        StatusStreams.Stream stream = streams.open(request.fromChainId(), request.txHash(), resume);
        // no servlet time limit: the stream ends itself (a terminal status, its own limit, or a failed write)
        SseEmitter emitter = new SseEmitter(0L);
        Thread.ofVirtual().name("status-stream").start(() -> {
            try {
                stream.run(new StatusStreams.Sink() {
                    @Override
                    public void status(String id, String json) throws IOException {
                        SseEmitter.SseEventBuilder event = SseEmitter.event().name("status").data(json);
                        emitter.send(id == null ? event : event.id(id));
                    }

                    @Override
                    public void heartbeat() throws IOException {
                        emitter.send(SseEmitter.event().comment("heartbeat"));
                    }
                });
                emitter.complete();
            } catch (IOException | IllegalStateException e) {
                // the client left (or the response is already done): nothing more to send
                log.debug("status stream of {} ended: {}", request.txHash(), e.toString());
            } catch (RuntimeException e) {
                log.warn("status stream of {} failed: {}", request.txHash(), e.toString());
                emitter.completeWithError(e);
            }
        });
        return emitter;
    }
}
