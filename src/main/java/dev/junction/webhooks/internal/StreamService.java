package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.status.StatusResult;
import dev.junction.status.StatusService;
import dev.junction.webhooks.StatusEvent;
import dev.junction.webhooks.StatusStreams;
import java.io.IOException;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * {@link StatusStreams}: a stream sends what the outbox recorded for the transaction, in sequence order; its first
 * answer is the last recorded event (or, before any, the /status answer of now, without an id); on a reconnect it
 * sends every event after {@code Last-Event-ID}. It looks for new events when this instance commits one and every
 * {@code stream-poll-interval} (events written by other instances), and ends after a terminal event.
 */
final class StreamService implements StatusStreams {

    private final OutboxRepository events;
    private final Outbox outbox;
    private final OutboxSignal signal;
    private final WatchService watches;
    private final StatusService status;
    private final WebhookProperties props;
    private final LongSupplier clock;

    StreamService(OutboxRepository events, Outbox outbox, OutboxSignal signal, WatchService watches,
            StatusService status, WebhookProperties props, LongSupplier clock) {
        this.events = events;
        this.outbox = outbox;
        this.signal = signal;
        this.watches = watches;
        this.status = status;
        this.props = props;
        this.clock = clock;
    }

    /** The first answer of a stream: an event's id (null for a status of now) and JSON, and whether it is the last. */
    private record First(String id, String json, boolean last) {
    }

    @Override
    public Stream open(ChainId chain, TxHash tx, String lastEventId) {
        Optional<StatusEvent> resumed = lastEventId == null ? Optional.empty() : events.event(lastEventId)
                .filter(e -> e.chain().equals(chain) && e.txHash().equals(tx));
        if (resumed.isPresent()) {
            StatusEvent from = resumed.get();
            if (!from.terminal()) {
                watches.follow(chain, tx, clock.getAsLong());
            }
            return sink -> run(sink, chain, tx, from.sequence(), from.terminal() ? new First(null, null, true) : null);
        }
        Optional<StatusEvent> latest = events.latest(chain, tx);
        First first;
        if (latest.isPresent()) {
            StatusEvent e = latest.get();
            first = new First(e.id(), e.body(), e.terminal());
        } else {
            StatusResult now = status.lookup(tx, chain, null);
            first = new First(null, outbox.current(now), Outbox.last(now));
        }
        if (!first.last()) {
            watches.follow(chain, tx, clock.getAsLong());
        }
        long after = latest.map(StatusEvent::sequence).orElse(0L);
        return sink -> run(sink, chain, tx, after, first);
    }

    private void run(Sink sink, ChainId chain, TxHash tx, long after, First first) throws IOException {
        if (first != null && first.json() != null) {
            sink.status(first.id(), first.json());
        }
        if (first != null && first.last()) {
            return;
        }
        long start = clock.getAsLong();
        long lastWrite = start;
        long heartbeat = props.streamHeartbeat().toMillis();
        long wait = Math.min(props.streamPollInterval().toMillis(), heartbeat);
        while (clock.getAsLong() - start < props.streamTimeout().toMillis()) {
            long seen = signal.generation();
            for (StatusEvent e : events.since(chain, tx, after)) {
                sink.status(e.id(), e.body());
                after = e.sequence();
                lastWrite = clock.getAsLong();
                if (e.terminal()) {
                    return;
                }
            }
            if (clock.getAsLong() - lastWrite >= heartbeat) {
                sink.heartbeat();
                lastWrite = clock.getAsLong();
            }
            try {
                signal.await(seen, wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
