package dev.junction.webhooks;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * {@code POST /status/watch}: a route the user's wallet sent itself, followed as {@code /status} answers for it until a
 * terminal state; each change goes to the owner's webhooks and to status streams.
 */
public interface StatusWatches {

    /**
     * Follows {@code txHash} on {@code chain} for {@code owner} (idempotent: watching it again changes nothing but adds
     * the owner).
     */
    Watch watch(Owner owner, ChainId chain, TxHash txHash);

    /**
     * @param expiresAtMs when Junction stops following it if it has not ended, epoch ms
     */
    record Watch(long fromChainId, String txHash, long expiresAtMs) {
    }
}
