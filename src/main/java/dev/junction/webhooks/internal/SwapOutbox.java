package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.SwapChangeListener;
import dev.junction.execution.SwapView;
import dev.junction.status.StatusService;
import dev.junction.webhooks.Submitter;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The executor's changes into the outbox, in the transaction that saves them: each swap's acceptance and transitions
 * become events of its source transaction whose body is the /status answer for the swap at that moment. The submitter
 * of a new swap ({@link Submitter}) becomes its follower in the same transaction.
 *
 * <p>Where GET /status reads the swap's hash from the chain's node ({@link StatusService#readsNode}: a relayed gasless
 * swap in chain mode), the executor's record is not what /status answers: the swap's change instead makes its watch
 * due (created in the same transaction, so it survives a crash) and wakes the {@link WatchFollower} once committed,
 * which reads /status and records an event when the chain's answer changed. A transition seen only on the chain (a
 * bridge's fill on the destination) is found by the watch's regular readings.
 */
final class SwapOutbox implements SwapChangeListener {

    private final Outbox outbox;
    private final OutboxRepository followers;
    private final WatchRepository watches;
    // lazily: the status service reads swaps through the executor, which is built with this listener
    private final Supplier<StatusService> status;
    private final Runnable watchesDue;
    private final Duration watchMaxAge;
    private final LongSupplier clock;

    /**
     * @param watchesDue wakes the watch follower (after the commit of a change of a swap read from the chain)
     * @param watchMaxAge how long a watch of such a swap follows it after its latest change
     */
    SwapOutbox(Outbox outbox, OutboxRepository followers, WatchRepository watches, Supplier<StatusService> status,
            Runnable watchesDue, Duration watchMaxAge, LongSupplier clock) {
        this.outbox = outbox;
        this.followers = followers;
        this.watches = watches;
        this.status = status;
        this.watchesDue = watchesDue;
        this.watchMaxAge = watchMaxAge;
        this.clock = clock;
    }

    @Override
    public void changed(SwapView swap, long sequence, long occurredAtMs) {
        ChainId chain = swap.fromChain();
        TxHash tx = swap.sourceTx().hash();
        if (sequence == 1) {
            Submitter.current().ifPresent(owner -> followers.follow(chain, tx, owner, occurredAtMs));
        }
        StatusService statuses = status.get();
        if (statuses.readsNode(chain)) {
            long now = clock.getAsLong();
            watches.ensure(new WatchRepository.Key(chain, tx), now, now + watchMaxAge.toMillis());
            OutboxSignal.afterCommit(watchesDue);
            return;
        }
        outbox.record(chain, tx, sequence, statuses.of(swap), occurredAtMs);
    }
}
