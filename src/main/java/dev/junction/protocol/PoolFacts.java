package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Pool;
import java.util.List;

/**
 * What chain mode's market view derives from one usable {@link PoolState}, once per state: the tokens it holds, their
 * whole-token amounts, its spot price, and how to build the market's math entry from them. A room computes its own.
 *
 * @param tokens the tokens the pool holds (a pair: token0, token1; a stable pool: its coins), in order
 * @param amounts whole-token amounts of {@code tokens}, in order (a concentrated pool: its in-range virtual reserves)
 * @param oneInZero the spot price of token1 in whole token0 units (NaN when none)
 * @param market builds the market's pool
 */
public record PoolFacts(List<Address> tokens, double[] amounts, double oneInZero, MarketPool market) {

    public PoolFacts {
        tokens = List.copyOf(tokens);
    }

    /** Builds the market's pool of a state. */
    @FunctionalInterface
    public interface MarketPool {

        /**
         * @param id the pool's id in the market
         * @param liquidityUsd the pool's liquidity in USD, from its amounts at the tokens' prices
         */
        Pool build(String id, ChainId chain, double liquidityUsd);
    }

    /** The market's pool. */
    public Pool pool(String id, ChainId chain, double liquidityUsd) {
        return market.build(id, chain, liquidityUsd);
    }

    /**
     * The price of token1 in whole token0 units from the raw price (raw token1 per raw token0): whole token1 per whole
     * token0 is raw1PerRaw0 * 10^d0 / 10^d1.
     */
    public static double oneInZero(double raw1PerRaw0, int d0, int d1) {
        return 1 / (raw1PerRaw0 * Math.pow(10, d0 - d1));
    }
}
