package dev.junction.market.math;

import java.math.BigInteger;
import java.util.NavigableMap;

/**
 * Uniswap V3 exact-input swap as the pool's {@code swap} loop (and QuoterV2) computes it.
 */
public final class UniswapV3Math {

    private UniswapV3Math() {
    }

    /**
     * The state the swap loop needs.
     *
     * @param sqrtPriceX96 current sqrt price, Q64.96
     * @param tick current tick
     * @param liquidity in-range liquidity
     * @param tickSpacing tick spacing
     * @param feePips fee in pips (3000 = 0.3%)
     * @param liquidityNet initialized ticks with their signed liquidityNet
     */
    public record PoolState(BigInteger sqrtPriceX96, int tick, BigInteger liquidity, int tickSpacing, int feePips,
            NavigableMap<Integer, BigInteger> liquidityNet) {
    }

    /**
     * Result of an exact-input swap.
     *
     * @param amountIn input consumed including the fee (less than asked only when the price limit was reached)
     * @param amountOut output
     * @param feeAmount LP fee taken, input units
     * @param ticksCrossed initialized ticks crossed
     */
    public record SwapResult(BigInteger amountIn, BigInteger amountOut, BigInteger feeAmount, int ticksCrossed,
            BigInteger sqrtPriceX96After, int tickAfter, BigInteger liquidityAfter) {
    }

    /**
     * Exact-input swap with QuoterV2's default price limit (MIN_SQRT_RATIO + 1 or MAX_SQRT_RATIO - 1).
     */
    public static SwapResult swapExactInput(PoolState state, boolean zeroForOne, BigInteger amountIn) {
        throw new UnsupportedOperationException("UniswapV3Math is being implemented");
    }
}
