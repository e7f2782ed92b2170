package dev.junction.market.math;

import java.math.BigInteger;

/** Uniswap V2 {@code UniswapV2Library} math with a configurable fee. */
public final class UniswapV2Math {

    private static final BigInteger TEN_THOUSAND = BigInteger.valueOf(10_000);

    private UniswapV2Math() {
    }

    /**
     * {@code out = in*(10000-f)*Rout / (Rin*10000 + in*(10000-f))}, floor.
     *
     * @param amountIn input, > 0
     * @param reserveIn reserve of the input token, > 0
     * @param reserveOut reserve of the output token, > 0
     * @param feeBps fee in basis points (30 for Uniswap V2's 0.3%)
     * @return output in the output token's smallest units; always below reserveOut
     */
    public static BigInteger getAmountOut(BigInteger amountIn, BigInteger reserveIn, BigInteger reserveOut, int feeBps) {
        if (amountIn.signum() <= 0) {
            throw new IllegalArgumentException("amountIn must be > 0");
        }
        if (reserveIn.signum() <= 0 || reserveOut.signum() <= 0) {
            throw new IllegalArgumentException("reserves must be > 0");
        }
        BigInteger inWithFee = amountIn.multiply(BigInteger.valueOf(10_000L - feeBps));
        BigInteger numerator = inWithFee.multiply(reserveOut);
        BigInteger denominator = reserveIn.multiply(TEN_THOUSAND).add(inWithFee);
        return numerator.divide(denominator);
    }

    /** {@code in = Rin*out*10000 / ((Rout-out)*(10000-f)) + 1}; requires out < reserveOut. */
    public static BigInteger getAmountIn(BigInteger amountOut, BigInteger reserveIn, BigInteger reserveOut, int feeBps) {
        if (amountOut.signum() <= 0 || amountOut.compareTo(reserveOut) >= 0) {
            throw new IllegalArgumentException("amountOut must be > 0 and below reserveOut");
        }
        BigInteger numerator = reserveIn.multiply(amountOut).multiply(TEN_THOUSAND);
        BigInteger denominator = reserveOut.subtract(amountOut).multiply(BigInteger.valueOf(10_000L - feeBps));
        return numerator.divide(denominator).add(BigInteger.ONE);
    }
}
