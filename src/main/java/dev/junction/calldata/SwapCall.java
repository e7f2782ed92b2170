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
 * @param nativeIn whether the step spends native itself (the router sends it as the swap's value; the step names
 *     {@link Address#NATIVE} in place of {@code tokenIn}, the wrapped native token the market names the pool's native
 *     currency by), see {@code routing.NativeSteps}
 * @param nativeOut whether the step pays native itself (named {@link Address#NATIVE} in place of {@code tokenOut})
 */
public record SwapCall(Pool pool, Address router, Address tokenIn, Address tokenOut, Amount amountIn,
        Amount quotedOut, Amount minAmountOut, boolean nativeIn, boolean nativeOut) implements StepCall {

    public SwapCall {
        if (!pool.tokens().contains(tokenIn) || !pool.tokens().contains(tokenOut) || tokenIn.equals(tokenOut)) {
            throw new IllegalArgumentException("pool " + pool.id() + " does not swap " + tokenIn + " for " + tokenOut);
        }
        if (nativeIn && nativeOut) {
            throw new IllegalArgumentException("a step moves native on one side at most");
        }
    }

    /** A swap of the pool's tokens as the market names them (the wrapped native token for native). */
    public SwapCall(Pool pool, Address router, Address tokenIn, Address tokenOut, Amount amountIn, Amount quotedOut,
            Amount minAmountOut) {
        this(pool, router, tokenIn, tokenOut, amountIn, quotedOut, minAmountOut, false, false);
    }

    /** The step's tokenIn in the router's calldata: {@link Address#NATIVE} when it spends native itself. */
    public Address stepTokenIn() {
        return nativeIn ? Address.NATIVE : tokenIn;
    }

    /** The step's tokenOut in the router's calldata: {@link Address#NATIVE} when it pays native itself. */
    public Address stepTokenOut() {
        return nativeOut ? Address.NATIVE : tokenOut;
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
