package dev.junction.execution.internal;

import dev.junction.execution.network.Network;

/**
 * Drives one leased swap as far as it can go now, one {@link SwapVenue} step at a time: each step decides the next
 * event from the facts where the swap runs, persists the transition (with any transaction id it fixes) before acting
 * on it, and says when the swap is due again.
 */
public final class SwapProcessor {

    private final Network network;
    private final SwapVenue venue;

    /** @param network the embedded network, whose clock the due times are on */
    SwapProcessor(Network network, SwapVenue venue) {
        this.network = network;
        this.venue = venue;
    }

    /**
     * Advances the swap as far as it can go now.
     *
     * @return simulation time at which it is due again; ignored once terminal
     */
    public long advance(Swap s, String instance) {
        long next = network.now();
        for (int i = 0; i < 8 && !s.state().terminal() && next <= network.now(); i++) {
            next = step(s, instance);
        }
        return next;
    }

    /** One step; returns the simulation time at which the next step is due. */
    long step(Swap s, String instance) {
        return venue.step(s, instance, network.now());
    }
}
