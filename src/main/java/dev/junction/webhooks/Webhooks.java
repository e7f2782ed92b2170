package dev.junction.webhooks;

import java.util.List;

/**
 * The webhook endpoints of {@code /webhooks}: registered per owner (the API key), each with its own signing secret,
 * and what was delivered to them.
 */
public interface Webhooks {

    /**
     * Registers {@code url} for {@code owner}: checks it ({@link WebhookException.Reason#URL_REFUSED}), sends it a
     * signed {@code ping} (a redirect is refused: Junction never follows one) and stores it with a new secret.
     *
     * @throws WebhookException when the URL is refused or the owner has reached its limit
     */
    Registration register(Owner owner, String url, String description);

    /** The owner's webhooks, oldest first. */
    List<Webhook> list(Owner owner);

    /**
     * Removes the owner's webhook and what is still to be delivered to it.
     *
     * @throws WebhookException NOT_FOUND when the owner has no webhook {@code id}
     */
    void delete(Owner owner, String id);

    /**
     * The latest deliveries of the owner's webhook {@code id}, newest first.
     *
     * @param state PENDING, DELIVERED or DEAD, or null for all
     * @throws WebhookException NOT_FOUND when the owner has no webhook {@code id}
     */
    List<Delivery> deliveries(Owner owner, String id, DeliveryState state, int limit);

    /** Where a delivery stands. */
    enum DeliveryState {
        /** Not yet acknowledged with a 2xx; retried with backoff. */
        PENDING,
        /** A 2xx answered it. */
        DELIVERED,
        /** Not acknowledged within {@code junction.webhooks.max-age}: no more attempts. */
        DEAD
    }

    /**
     * @param id {@code wh_} and 32 hex digits
     * @param createdAtMs epoch ms
     */
    record Webhook(String id, String url, String description, long createdAtMs) {
    }

    /**
     * A registration's answer; the secret is shown here only.
     *
     * @param secret {@code whsec_} and 64 hex digits: the HMAC key of {@link WebhookSignature}
     * @param ping how the endpoint answered the signed ping sent at registration
     */
    record Registration(Webhook webhook, String secret, Ping ping) {
    }

    /**
     * @param event the ping's event id
     * @param delivered whether the endpoint answered 2xx
     * @param httpStatus its HTTP status, null when it could not be reached
     * @param error why it was not delivered, null when it was
     */
    record Ping(String event, boolean delivered, Integer httpStatus, String error) {
    }

    /**
     * One event's delivery to one webhook.
     *
     * @param attempts attempts made so far
     * @param lastHttpStatus the last attempt's HTTP status, null when none answered
     * @param lastError why the last attempt failed, null when it did not
     * @param nextAttemptAtMs when it is tried again (PENDING), else null
     * @param deliveredAtMs when a 2xx answered it, else null
     */
    record Delivery(String event, long fromChainId, String txHash, long sequence, String status, DeliveryState state,
            int attempts, Integer lastHttpStatus, String lastError, long occurredAtMs, Long nextAttemptAtMs,
            Long deliveredAtMs) {
    }
}
