package dev.junction.webhooks.internal;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.Swaps;
import dev.junction.status.StatusService;
import dev.junction.webhooks.Owner;
import dev.junction.webhooks.StatusWatches;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link StatusWatches}: the owner follows the transaction; unless it is a swap of Junction's executor that /status
 * answers from the executor's record (whose changes its outbox records anyway), a watch reads its /status answer
 * until it ends ({@link WatchFollower}).
 */
final class WatchService implements StatusWatches {

    private final OutboxRepository followers;
    private final WatchRepository watches;
    private final Swaps swaps;
    private final StatusService status;
    private final TransactionTemplate tx;
    private final Duration maxAge;
    private final LongSupplier clock;

    WatchService(OutboxRepository followers, WatchRepository watches, Swaps swaps, StatusService status,
            TransactionTemplate tx, Duration maxAge, LongSupplier clock) {
        this.followers = followers;
        this.watches = watches;
        this.swaps = swaps;
        this.status = status;
        this.tx = tx;
        this.maxAge = maxAge;
        this.clock = clock;
    }

    @Override
    public Watch watch(Owner owner, ChainId chain, TxHash txHash) {
        long now = clock.getAsLong();
        long expires = now + maxAge.toMillis();
        tx.executeWithoutResult(s -> {
            followers.follow(chain, txHash, owner, now);
            follow(chain, txHash, now);
        });
        return new Watch(chain.value(), txHash.value(), expires);
    }

    /**
     * Makes sure the transaction's changes are recorded: a watch unless the executor runs it and /status answers it
     * from the executor's record.
     */
    void follow(ChainId chain, TxHash txHash, long nowMs) {
        if (status.readsNode(chain) || swaps.findBySourceTx(chain, txHash).isEmpty()) {
            watches.ensure(new WatchRepository.Key(chain, txHash), nowMs, nowMs + maxAge.toMillis());
        }
    }
}
