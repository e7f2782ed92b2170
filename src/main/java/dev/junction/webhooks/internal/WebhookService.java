package dev.junction.webhooks.internal;

import dev.junction.webhooks.Owner;
import dev.junction.webhooks.WebhookException;
import dev.junction.webhooks.WebhookException.Reason;
import dev.junction.webhooks.Webhooks;
import java.net.URI;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.function.LongSupplier;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** {@link Webhooks}: registration (URL policy, signed ping, refused redirects), listing, removal, deliveries. */
final class WebhookService implements Webhooks {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final WebhookRepository webhooks;
    private final DeliveryRepository deliveries;
    private final UrlPolicy policy;
    private final WebhookClient client;
    private final JsonMapper json;
    private final int maxPerOwner;
    private final LongSupplier clock;

    WebhookService(WebhookRepository webhooks, DeliveryRepository deliveries, UrlPolicy policy, WebhookClient client,
            JsonMapper json, int maxPerOwner, LongSupplier clock) {
        this.webhooks = webhooks;
        this.deliveries = deliveries;
        this.policy = policy;
        this.client = client;
        this.json = json;
        this.maxPerOwner = maxPerOwner;
        this.clock = clock;
    }

    @Override
    public Registration register(Owner owner, String url, String description) {
        if (webhooks.count(owner) >= maxPerOwner) {
            throw new WebhookException(Reason.LIMIT_REACHED, "this API key already has " + maxPerOwner
                    + " webhooks (junction.webhooks.max-per-key); delete one first", null);
        }
        URI uri = policy.check(url);
        long now = clock.getAsLong();
        Webhook webhook = new Webhook("wh_" + hex(16), url, description, now);
        String secret = "whsec_" + hex(32);
        String event = "evt_" + hex(16);
        ObjectNode ping = json.createObjectNode().put("event", event).put("ping", true).put("webhookId", webhook.id())
                .put("occurredAtMs", now);
        WebhookClient.Answer answer = client.post(uri, event, secret, json.writeValueAsString(ping), now / 1000);
        if (answer.httpStatus() != null && answer.httpStatus() >= 300 && answer.httpStatus() < 400) {
            throw redirect(uri, answer);
        }
        webhooks.insert(new WebhookRepository.Endpoint(webhook, owner, secret));
        return new Registration(webhook, secret, new Ping(event, answer.ok(), answer.httpStatus(), answer.error()));
    }

    /** A redirect answered the ping: refused, naming where it leads and, when that is refused too, why. */
    private WebhookException redirect(URI uri, WebhookClient.Answer answer) {
        if (answer.location() == null) {
            return UrlPolicy.refused("url answered Junction's ping with HTTP " + answer.httpStatus() + " (a redirect): "
                    + "Junction never follows redirects; register the final URL");
        }
        URI target = uri.resolve(answer.location());
        try {
            policy.check(target.toString());
        } catch (WebhookException e) {
            return UrlPolicy.refused("url redirects (HTTP " + answer.httpStatus() + ") to " + target
                    + ", which is refused: " + e.getMessage());
        }
        return UrlPolicy.refused("url redirects (HTTP " + answer.httpStatus() + ") to " + target
                + ": Junction never follows redirects; register the final URL");
    }

    @Override
    public List<Webhook> list(Owner owner) {
        return webhooks.list(owner);
    }

    @Override
    public void delete(Owner owner, String id) {
        if (!webhooks.delete(owner, id)) {
            throw notFound(id);
        }
    }

    @Override
    public List<Delivery> deliveries(Owner owner, String id, DeliveryState state, int limit) {
        webhooks.find(owner, id).orElseThrow(() -> notFound(id));
        return deliveries.list(id, state, limit);
    }

    private static WebhookException notFound(String id) {
        return new WebhookException(Reason.NOT_FOUND, "no webhook of this API key has id " + id, "id");
    }

    private static String hex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
