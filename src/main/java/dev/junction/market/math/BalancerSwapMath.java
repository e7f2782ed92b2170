package dev.junction.market.math;

import static dev.junction.market.math.BalancerFixedPoint.complement;
import static dev.junction.market.math.BalancerFixedPoint.divDown;
import static dev.junction.market.math.BalancerFixedPoint.divUp;
import static dev.junction.market.math.BalancerFixedPoint.mulDown;
import static dev.junction.market.math.BalancerFixedPoint.mulUp;
import static dev.junction.market.math.BalancerFixedPoint.sub;

import java.math.BigInteger;
import java.util.List;

/**
 * A Balancer V2 pool's {@code onSwap} around its math, as {@code BaseMinimalSwapInfoPool} (weighted) and
 * {@code BaseGeneralPool} (composable stable) run it: given in, the swap fee is taken from the amount in first
 * ({@code mulUp}), then the amount and balances are upscaled ({@code mulDown} by the scaling factor, which holds the
 * token's decimals and, for composable stable pools, its rate), and the math's output downscaled rounding down;
 * given out, the amount out is upscaled, the math's input downscaled rounding up and the fee added
 * ({@code divUp} by its complement). Amounts in the tokens' smallest units.
 */
public final class BalancerSwapMath {

    private BalancerSwapMath() {
    }

    /** {@code _subtractSwapFeeAmount}'s fee: {@code mulUp(amount, swapFee)}. */
    public static BigInteger swapFee(BigInteger amountIn, BigInteger swapFeePercentage) {
        return mulUp(amountIn, swapFeePercentage);
    }

    /** A weighted pool's output for {@code amountIn} of token i, in token j. */
    public static BigInteger weightedOutGivenIn(List<BigInteger> balances, List<BigInteger> scalingFactors,
            List<BigInteger> weights, BigInteger swapFeePercentage, int i, int j, BigInteger amountIn) {
        BigInteger afterFee = sub(amountIn, swapFee(amountIn, swapFeePercentage));
        BigInteger out = WeightedMath.calcOutGivenIn(mulDown(balances.get(i), scalingFactors.get(i)), weights.get(i),
                mulDown(balances.get(j), scalingFactors.get(j)), weights.get(j),
                mulDown(afterFee, scalingFactors.get(i)));
        return divDown(out, scalingFactors.get(j));
    }

    /** A weighted pool's input of token i (fee included) for {@code amountOut} of token j. */
    public static BigInteger weightedInGivenOut(List<BigInteger> balances, List<BigInteger> scalingFactors,
            List<BigInteger> weights, BigInteger swapFeePercentage, int i, int j, BigInteger amountOut) {
        BigInteger in = WeightedMath.calcInGivenOut(mulDown(balances.get(i), scalingFactors.get(i)), weights.get(i),
                mulDown(balances.get(j), scalingFactors.get(j)), weights.get(j),
                mulDown(amountOut, scalingFactors.get(j)));
        return divUp(divUp(in, scalingFactors.get(i)), complement(swapFeePercentage));
    }

    /**
     * A composable stable pool's output for {@code amountIn} of token i, in token j: balances and scaling factors
     * without the BPT, {@code amp} with {@link BalancerStableMath#AMP_PRECISION}.
     */
    public static BigInteger stableOutGivenIn(List<BigInteger> balances, List<BigInteger> scalingFactors,
            BigInteger amp, BigInteger swapFeePercentage, int i, int j, BigInteger amountIn) {
        BigInteger afterFee = sub(amountIn, swapFee(amountIn, swapFeePercentage));
        BigInteger[] upscaled = upscaled(balances, scalingFactors);
        BigInteger invariant = BalancerStableMath.calculateInvariant(amp, upscaled);
        BigInteger out = BalancerStableMath.calcOutGivenIn(amp, upscaled, i, j,
                mulDown(afterFee, scalingFactors.get(i)), invariant);
        return divDown(out, scalingFactors.get(j));
    }

    /** A composable stable pool's input of token i (fee included) for {@code amountOut} of token j. */
    public static BigInteger stableInGivenOut(List<BigInteger> balances, List<BigInteger> scalingFactors,
            BigInteger amp, BigInteger swapFeePercentage, int i, int j, BigInteger amountOut) {
        BigInteger[] upscaled = upscaled(balances, scalingFactors);
        BigInteger invariant = BalancerStableMath.calculateInvariant(amp, upscaled);
        BigInteger in = BalancerStableMath.calcInGivenOut(amp, upscaled, i, j,
                mulDown(amountOut, scalingFactors.get(j)), invariant);
        return divUp(divUp(in, scalingFactors.get(i)), complement(swapFeePercentage));
    }

    private static BigInteger[] upscaled(List<BigInteger> balances, List<BigInteger> scalingFactors) {
        BigInteger[] upscaled = new BigInteger[balances.size()];
        for (int k = 0; k < upscaled.length; k++) {
            upscaled[k] = mulDown(balances.get(k), scalingFactors.get(k));
        }
        return upscaled;
    }
}
