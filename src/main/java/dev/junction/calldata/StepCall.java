package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;

/**
 * One step of a route as the encoder needs it: a {@link SwapCall}, a {@link BridgeCall}, or the {@link LegCall} that
 * starts a leg of a split route.
 */
public sealed interface StepCall permits SwapCall, BridgeCall, LegCall {

    /** The chain the step runs on. */
    ChainId chain();

    /** Junction's router on that chain (the step's adapter is derived from it, see {@link Adapters}). */
    Address router();

    /** The provider key, e.g. {@code uniswap-v3}, {@code across}. */
    String provider();

    Address tokenIn();

    Address tokenOut();

    /** Input the quote planned for this step, smallest units of tokenIn. */
    Amount amountIn();

    /** Output the quote planned, smallest units of tokenOut. */
    Amount quotedOut();

    /** Least output this step must produce, smallest units of tokenOut. */
    Amount minAmountOut();
}
