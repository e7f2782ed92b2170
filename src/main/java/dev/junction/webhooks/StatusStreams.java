package dev.junction.webhooks;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.io.IOException;

/**
 * {@code GET /status/stream}: the current status at once, then each change of the route as an event (the outbox's
 * event ids, so {@code Last-Event-ID} resumes without a gap), heartbeats, and the end at a terminal state.
 */
public interface StatusStreams {

    /**
     * Opens a stream: reads where it starts (checked now, so failures answer before the stream begins) and makes sure
     * the transaction is followed.
     *
     * @param lastEventId the {@code Last-Event-ID} of a reconnect (an event id), or null
     */
    Stream open(ChainId chain, TxHash txHash, String lastEventId);

    /** An opened stream. */
    interface Stream {

        /** Sends until a terminal event, the stream's time limit, or a failed write (the client left); blocks. */
        void run(Sink sink) throws IOException;
    }

    /** Where a stream writes. */
    interface Sink {

        /**
         * One status: {@code id} is the event id, or null for the current status when no change is recorded yet.
         */
        void status(String id, String json) throws IOException;

        /** A comment line that keeps the connection open. */
        void heartbeat() throws IOException;
    }
}
