package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.util.List;

/**
 * A DEX pool: immutable state at one market version, with its exact on-chain math. Implementations are records.
 */
public sealed interface Pool permits ConstantProductPool, ConcentratedPool, StablePool, UniswapV4Pool,
        WeightedPool, ComposableStablePool {

    /** Unique id in the market, e.g. {@code eth:uniswap-v3:0x88e6...}. */
    String id();

    ChainId chain();

    /** Provider key, e.g. {@code uniswap-v2}. */
    String provider();

    /** The pool's tokens in pool order (token0, token1, ...). */
    List<Address> tokens();

    /**
     * Exact-input quote as the contract (or its quoter) computes it.
     *
     * @param tokenIn a token of this pool
     * @param tokenOut another token of this pool
     * @param amountIn input in tokenIn's smallest units, > 0
     * @return the output, LP fee and gas facts; {@link SwapQuote#amountOut()} zero when the pool cannot fill it
     */
    SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn);

    /**
     * The state after an exact-input swap, as the contract leaves it. Used by the executor and the living market.
     */
    Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn);

    /** Depth of the pool in USD at reference prices, used to keep the top pools per pair. */
    double liquidityUsd();
}
