package dev.junction.webhooks.internal;

import dev.junction.execution.Swaps;
import dev.junction.status.StatusResult;
import dev.junction.status.StatusService;
import dev.junction.status.SwapStatus;
import dev.junction.store.WakeableLoop;
import dev.junction.webhooks.internal.WatchRepository.Key;
import dev.junction.webhooks.internal.WatchRepository.Watch;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Follows the watched transactions: each due watch (leased by one instance) reads its /status answer as a client
 * would; when the status, substatus or destination transaction changed, the change is written to the outbox and the
 * watch's state in one database transaction. A watch ends at a terminal status, when the transaction turns out to be
 * a swap of Junction's executor that /status answers from the executor's record (its own outbox records it), when it
 * is not a route at all, or at its expiry. A relayed gasless swap in chain mode is followed here too ({@link
 * SwapOutbox}): its executor's changes make its watch due and {@link #wake} this follower.
 */
final class WatchFollower implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WatchFollower.class);

    /** Watches read per pass. */
    static final int BATCH = 100;

    private final WatchRepository watches;
    private final Outbox outbox;
    private final StatusService status;
    private final Swaps swaps;
    private final TransactionTemplate tx;
    private final String instance;
    private final long intervalMs;
    private final long leaseMs;
    private final LongSupplier clock;
    private final boolean enabled;
    private final WakeableLoop loop;

    WatchFollower(WatchRepository watches, Outbox outbox, StatusService status, Swaps swaps, TransactionTemplate tx,
            String instance, WebhookProperties props, LongSupplier clock) {
        this.watches = watches;
        this.outbox = outbox;
        this.status = status;
        this.swaps = swaps;
        this.tx = tx;
        this.instance = instance;
        this.intervalMs = props.watchInterval().toMillis();
        this.leaseMs = Math.max(60_000, 3 * intervalMs);
        this.clock = clock;
        this.enabled = props.enabled();
        this.loop = new WakeableLoop("status-watches",
                Math.min(props.watchInterval().toMillis(), props.pollInterval().toMillis()), this::pass);
    }

    /** Reads the due watches now (a swap read from the chain changed) instead of after the idle wait. */
    void wake() {
        loop.wake();
    }

    @Override
    public void start() {
        if (enabled) {
            loop.start();
        }
    }

    @Override
    public void stop() {
        loop.stop();
    }

    @Override
    public boolean isRunning() {
        return loop.running();
    }

    /** Reads the due watches; true when a full batch was due (more may be: the next pass runs at once). */
    private boolean pass() {
        long now = clock.getAsLong();
        List<Key> due = watches.due(now, BATCH);
        for (Key k : due) {
            if (loop.running() && watches.claim(k, instance, now, now + leaseMs)) {
                follow(k);
            }
        }
        return due.size() == BATCH;
    }

    /** One reading of a leased watch. */
    void follow(Key k) {
        long now = clock.getAsLong();
        long next = now + intervalMs;
        try {
            Watch w = watches.load(k).orElseThrow();
            if (now >= w.expiresAtMs()
                    || !status.readsNode(k.chain()) && swaps.findBySourceTx(k.chain(), k.tx()).isPresent()) {
                watches.release(k, instance, next, true);
                return;
            }
            StatusResult r = status.lookup(k.tx(), k.chain(), null);
            String fingerprint = fingerprint(r);
            if (r.status() == SwapStatus.NOT_FOUND || fingerprint.equals(w.fingerprint())) {
                watches.release(k, instance, next, Outbox.last(r));
                return;
            }
            long sequence = w.sequence() + 1;
            tx.executeWithoutResult(s -> {
                outbox.record(k.chain(), k.tx(), sequence, r, now);
                if (!watches.recorded(k, instance, fingerprint, sequence, Outbox.TERMINAL.contains(r.status()),
                        next)) {
                    throw new IllegalStateException("the lease of watch " + k + " was lost");
                }
            });
        } catch (RuntimeException e) {
            log.debug("watch {} not read now ({}); again in {} ms", k, e.toString(), intervalMs);
            watches.release(k, instance, next, false);
        }
    }

    /** What a change is: status, substatus and destination transaction. */
    static String fingerprint(StatusResult r) {
        String substatus = r.details() == null ? null : r.details().substatus();
        String dest = r.destTxDetails() == null ? null : r.destTxDetails().txHash();
        return r.status() + "|" + Objects.toString(substatus, "") + "|" + Objects.toString(dest, "");
    }
}
