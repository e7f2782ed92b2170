package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.SwapChangeListener;
import dev.junction.execution.SwapView;
import dev.junction.status.StatusService;
import dev.junction.webhooks.Submitter;
import java.util.function.Supplier;

/**
 * The executor's changes into the outbox, in the transaction that saves them: each swap's acceptance and transitions
 * become events of its source transaction (the body is the /status answer for the swap at that moment). The submitter
 * of a new swap ({@link Submitter}) becomes its follower in the same transaction.
 */
final class SwapOutbox implements SwapChangeListener {

    private final Outbox outbox;
    private final OutboxRepository followers;
    // lazily: the status service reads swaps through the executor, which is built with this listener
    private final Supplier<StatusService> status;

    SwapOutbox(Outbox outbox, OutboxRepository followers, Supplier<StatusService> status) {
        this.outbox = outbox;
        this.followers = followers;
        this.status = status;
    }

    @Override
    public void changed(SwapView swap, long sequence, long occurredAtMs) {
        ChainId chain = swap.fromChain();
        TxHash tx = swap.sourceTx().hash();
        if (sequence == 1) {
            Submitter.current().ifPresent(owner -> followers.follow(chain, tx, owner, occurredAtMs));
        }
        outbox.record(chain, tx, sequence, status.get().of(swap), occurredAtMs);
    }
}
