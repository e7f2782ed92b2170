package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.status.StatusResult;
import dev.junction.status.SwapStatus;
import dev.junction.webhooks.StatusEvent;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a status change into an outbox event: the body (the /status result plus {@code event}, {@code sequence} and
 * {@code occurredAtMs}) fixed once, so every redelivery and every stream sends the same bytes.
 */
final class Outbox {

    /** The final statuses. */
    static final Set<SwapStatus> TERMINAL = EnumSet.of(SwapStatus.DONE, SwapStatus.FAILED, SwapStatus.REFUNDED,
            SwapStatus.EXPIRED);

    private final OutboxRepository events;
    private final JsonMapper json;
    private final OutboxSignal signal;

    Outbox(OutboxRepository events, JsonMapper json, OutboxSignal signal) {
        this.events = events;
        this.json = json;
        this.signal = signal;
    }

    /** Records the change in the caller's database transaction; the dispatcher is woken once it commits. */
    StatusEvent record(ChainId chain, TxHash tx, long sequence, StatusResult result, long occurredAtMs) {
        String id = "evt_" + UUID.randomUUID().toString().replace("-", "");
        ObjectNode body = json.valueToTree(result);
        body.put("event", id).put("sequence", sequence).put("occurredAtMs", occurredAtMs);
        StatusEvent e = new StatusEvent(id, chain, tx, sequence, result.status().name(),
                TERMINAL.contains(result.status()), json.writeValueAsString(body), occurredAtMs);
        events.record(e, result.details() == null ? null : result.details().substatus());
        signal.afterCommit();
        return e;
    }

    /** The JSON of a status that is no recorded event (a stream's first answer before any change). */
    String current(StatusResult result) {
        return json.writeValueAsString(result);
    }

    /** Whether Junction will say nothing more about this transaction: a terminal status, or not a route at all. */
    static boolean last(StatusResult result) {
        return TERMINAL.contains(result.status()) || result.status() == SwapStatus.NOT_FOUND
                && result.details() != null && result.details().pollAfterSeconds() == null;
    }
}
