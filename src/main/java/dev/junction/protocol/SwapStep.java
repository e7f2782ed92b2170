package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.market.Pool;

/**
 * A swap step as a DEX room encodes it.
 *
 * @param pool the pool (its kind picks the room, its provider key the fork)
 * @param tokenIn a token of the pool
 * @param tokenOut another token of the pool
 * @param amountIn planned input, smallest units
 * @param minAmountOut least output
 * @param recipient who receives the output in the provider's own call (shapes no adapter executes)
 * @param deadline Unix seconds, for shapes that carry one
 */
public record SwapStep(Pool pool, Address tokenIn, Address tokenOut, Amount amountIn, Amount minAmountOut,
        Address recipient, long deadline) {
}
