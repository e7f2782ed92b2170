package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.Pool;

/**
 * A swap through one pool.
 *
 * @param pool the pool (its kind picks the call shape, its provider the fork's variant)
 * @param router Junction's router on the pool's chain
 * @param tokenIn a token of the pool
 * @param tokenOut another token of the pool
 * @param amountIn planned input, smallest units
 * @param quotedOut planned output
 * @param minAmountOut least output
 */
public record SwapCall(Pool pool, Address router, Address tokenIn, Address tokenOut, Amount amountIn,
        Amount quotedOut, Amount minAmountOut) implements StepCall {

    public SwapCall {
        if (!pool.tokens().contains(tokenIn) || !pool.tokens().contains(tokenOut) || tokenIn.equals(tokenOut)) {
            throw new IllegalArgumentException("pool " + pool.id() + " does not swap " + tokenIn + " for " + tokenOut);
        }
    }

    @Override
    public ChainId chain() {
        return pool.chain();
    }

    @Override
    public String provider() {
        return pool.provider();
    }
}
