package dev.junction.market;

/**
 * Where the market's initial state comes from: the embedded snapshot files, a synthetic generator, or later a live
 * source (chain RPC, provider APIs). The planner never sees which.
 */
public interface MarketSource {

    /**
     * Loads a complete, validated snapshot.
     *
     * @throws MarketDataException naming the file, entry and field when the data is invalid
     */
    MarketSnapshot load();
}
