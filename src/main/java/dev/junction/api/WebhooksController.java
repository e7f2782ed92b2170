package dev.junction.api;

import dev.junction.api.web.Callers;
import dev.junction.webhooks.Webhooks;
import dev.junction.webhooks.Webhooks.Delivery;
import dev.junction.webhooks.Webhooks.DeliveryState;
import dev.junction.webhooks.Webhooks.Registration;
import dev.junction.webhooks.Webhooks.Webhook;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Locale;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** `/webhooks` (also `/v1/webhooks`): the caller's webhook endpoints and their deliveries. */
@RestController
@Tag(name = "webhooks")
public class WebhooksController {

    /** Deliveries listed at most. */
    static final int DELIVERIES_MAX = 500;

    private final RequestParser parser;
    private final Webhooks webhooks;
    private final Callers callers;

    WebhooksController(RequestParser parser, Webhooks webhooks, Callers callers) {
        this.parser = parser;
        this.webhooks = webhooks;
        this.callers = callers;
    }

    /**
     * A registered webhook; {@code secret} is shown once, here.
     *
     * @param ping how the URL answered the signed ping sent at registration
     */
    public record Registered(String id, String url, String description, long createdAtMs, String secret,
            Webhooks.Ping ping) {

        static Registered of(Registration r) {
            Webhook w = r.webhook();
            return new Registered(w.id(), w.url(), w.description(), w.createdAtMs(), r.secret(), r.ping());
        }
    }

    /** The answer of a removal. */
    public record Deleted(String id, boolean deleted) {
    }

    @Operation(operationId = "registerWebhook", summary = "Register a webhook for the caller's status changes.",
            description = """
                    Body `{url, description?}`. The URL must be https to a host whose every address is public \
                    (after DNS resolution), or http(s) on a host of `junction.webhooks.allowed-hosts`; anything else \
                    is 1012. Junction sends it a signed ping (`{"event", "ping": true, "webhookId", "occurredAtMs"}`) \
                    and refuses a URL that answers with a redirect (1012): it never follows one. The answer holds \
                    the `secret` (shown once) that signs every delivery: `Junction-Signature: t=<unix seconds>,\
                    v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, `Junction-Event: <event id>`. Delivered: \
                    every status change of each gasless swap the caller's API key submits and of each transaction \
                    it watches (`POST /status/watch`); the body is the `/status` result of that moment plus \
                    `event`, `sequence` (increasing per transaction) and `occurredAtMs`. At least once, in sequence \
                    order per transaction, retried with backoff until `junction.webhooks.max-age`.""")
    @PostMapping(path = {"/webhooks", "/v1/webhooks"}, produces = MediaType.APPLICATION_JSON_VALUE,
            consumes = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<Registered> register(@RequestBody JsonNode body, HttpServletRequest http) {
        WebhookRequest request = parser.webhook(body);
        return Envelope.ok(Registered.of(webhooks.register(callers.owner(http), request.url(),
                request.description())));
    }

    @Operation(operationId = "listWebhooks", summary = "The caller's webhooks (without their secrets).")
    @GetMapping(path = {"/webhooks", "/v1/webhooks"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<List<Webhook>> list(HttpServletRequest http) {
        return Envelope.ok(webhooks.list(callers.owner(http)));
    }

    @Operation(operationId = "deleteWebhook", summary = "Remove a webhook and what is still to be delivered to it.")
    @DeleteMapping(path = {"/webhooks/{id}", "/v1/webhooks/{id}"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<Deleted> delete(@PathVariable String id, HttpServletRequest http) {
        webhooks.delete(callers.owner(http), id);
        return Envelope.ok(new Deleted(id, true));
    }

    @Operation(operationId = "webhookDeliveries", summary = "A webhook's latest deliveries, newest first.",
            description = """
                    `state` (optional): PENDING (retried with backoff), DELIVERED (answered 2xx) or DEAD (not \
                    acknowledged within `junction.webhooks.max-age`); `limit` 1 to 500 (default 100). Each delivery: \
                    `event`, `fromChainId`, `txHash`, `sequence`, `status`, `state`, `attempts`, `lastHttpStatus`, \
                    `lastError`, `occurredAtMs`, `nextAttemptAtMs` (PENDING), `deliveredAtMs`.""")
    @GetMapping(path = {"/webhooks/{id}/deliveries", "/v1/webhooks/{id}/deliveries"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<List<Delivery>> deliveries(@PathVariable String id, HttpServletRequest http) {
        QueryParams q = new QueryParams(http.getParameterMap());
        DeliveryState state = q.optional("state").map(WebhooksController::state).orElse(null);
        int limit = q.optional("limit").map(t -> ParamRules.intIn("limit", t, 1, DELIVERIES_MAX)).orElse(100);
        return Envelope.ok(webhooks.deliveries(callers.owner(http), id, state, limit));
    }

    private static DeliveryState state(String text) {
        try {
            return DeliveryState.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ParamRules.invalid("state", "one of PENDING, DELIVERED, DEAD");
        }
    }
}
