package dev.junction.execution;

/**
 * Told of every persisted change of a swap, its acceptance (RECEIVED) and each transition, inside the database
 * transaction that records it, so what the listener writes commits or rolls back with the change (the webhooks'
 * outbox). Implemented outside execution; a Spring bean of this type is picked up by the executor. It must not call
 * back into the executor.
 */
public interface SwapChangeListener {

    /**
     * @param swap the swap as the change leaves it
     * @param sequence increasing per swap: 1 for the acceptance, then the row's version + 1 for each saved transition
     * @param occurredAtMs when the change happened (the transition's time), epoch ms
     */
    void changed(SwapView swap, long sequence, long occurredAtMs);
}
