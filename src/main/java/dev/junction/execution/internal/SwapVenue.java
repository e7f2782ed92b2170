package dev.junction.execution.internal;

/**
 * Where a swap's transactions run, fixed once per instance by {@code junction.market.source}: the embedded network in
 * the sandbox ({@link SandboxSwapVenue}), and in chain mode Junction's relayer on the real chains for the gasless swaps
 * it sends ({@link ChainSwapVenue}).
 */
interface SwapVenue {

    /**
     * Advances the leased swap one step: decides its next event from the facts where it runs, persists the transition
     * (with any transaction id it fixes) before acting on it.
     *
     * @param now the embedded network's time, wall-clock epoch ms
     * @return the time at which the swap is due again
     */
    long step(Swap s, String instance, long now);
}
