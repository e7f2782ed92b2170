package dev.junction.webhooks;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.util.Objects;

/**
 * One status change of a followed transaction, as the outbox stored it: what a webhook delivers and the status stream
 * sends.
 *
 * @param id {@code evt_} and 32 hex digits; the same on every redelivery (the stream's event id)
 * @param chain the route's source chain
 * @param txHash the route's source transaction
 * @param sequence increasing per transaction
 * @param status the /status {@code status}
 * @param terminal whether the status is final (DONE, FAILED, REFUNDED, EXPIRED)
 * @param body the JSON sent: the /status result of that moment plus {@code event}, {@code sequence} and
 *     {@code occurredAtMs}
 * @param occurredAtMs when the change happened, epoch ms
 */
public record StatusEvent(String id, ChainId chain, TxHash txHash, long sequence, String status, boolean terminal,
        String body, long occurredAtMs) {

    /** An event id's form. */
    public static final String ID_PATTERN = "evt_[0-9a-f]{32}";

    public StatusEvent {
        Objects.requireNonNull(chain, "chain");
        Objects.requireNonNull(txHash, "txHash");
        Objects.requireNonNull(body, "body");
        if (id == null || !id.matches(ID_PATTERN)) {
            throw new IllegalArgumentException("an event id is evt_ and 32 hex digits");
        }
    }
}
