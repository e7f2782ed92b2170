package dev.junction.market;

import java.math.BigInteger;

/**
 * Result of an exact-input pool quote.
 *
 * @param amountIn input actually consumed, tokenIn units (may be less than asked when a V3 pool runs out of price range)
 * @param amountOut output, tokenOut units
 * @param lpFee LP fee taken, tokenIn units
 * @param ticksCrossed initialized ticks crossed (concentrated liquidity; 0 for other kinds), for the gas model
 */
public record SwapQuote(BigInteger amountIn, BigInteger amountOut, BigInteger lpFee, int ticksCrossed) {

    public static SwapQuote none(BigInteger amountIn) {
        return new SwapQuote(amountIn, BigInteger.ZERO, BigInteger.ZERO, 0);
    }
}
