package dev.junction.market.math;

import static dev.junction.market.math.BalancerFixedPoint.ONE;
import static dev.junction.market.math.BalancerFixedPoint.add;
import static dev.junction.market.math.BalancerFixedPoint.complement;
import static dev.junction.market.math.BalancerFixedPoint.divDown;
import static dev.junction.market.math.BalancerFixedPoint.divUp;
import static dev.junction.market.math.BalancerFixedPoint.mulDown;
import static dev.junction.market.math.BalancerFixedPoint.mulUp;
import static dev.junction.market.math.BalancerFixedPoint.powUp;
import static dev.junction.market.math.BalancerFixedPoint.sub;

import java.math.BigInteger;

/**
 * Balancer V2's {@code WeightedMath} swap functions (pkg/pool-weighted), on upscaled 18-decimal balances and
 * amounts and normalized weights, with the pool's 30% in and out ratio limits.
 */
public final class WeightedMath {

    /** A swap may take in at most 30% of the input balance ({@code _MAX_IN_RATIO}). */
    public static final BigInteger MAX_IN_RATIO = BigInteger.valueOf(3).multiply(BigInteger.TEN.pow(17));
    /** A swap may pay out at most 30% of the output balance ({@code _MAX_OUT_RATIO}). */
    public static final BigInteger MAX_OUT_RATIO = MAX_IN_RATIO;

    private WeightedMath() {
    }

    /**
     * {@code _calcOutGivenIn}: {@code bO * (1 - (bI / (bI + aI))^(wI / wO))}, rounded down.
     *
     * @throws BalancerRevert 304 when amountIn is above 30% of balanceIn
     */
    public static BigInteger calcOutGivenIn(BigInteger balanceIn, BigInteger weightIn, BigInteger balanceOut,
            BigInteger weightOut, BigInteger amountIn) {
        if (amountIn.compareTo(mulDown(balanceIn, MAX_IN_RATIO)) > 0) {
            throw new BalancerRevert(BalancerRevert.MAX_IN_RATIO);
        }
        BigInteger denominator = add(balanceIn, amountIn);
        BigInteger base = divUp(balanceIn, denominator);
        BigInteger exponent = divDown(weightIn, weightOut);
        BigInteger power = powUp(base, exponent);
        return mulDown(balanceOut, complement(power));
    }

    /**
     * {@code _calcInGivenOut}: {@code bI * ((bO / (bO - aO))^(wO / wI) - 1)}, rounded up.
     *
     * @throws BalancerRevert 305 when amountOut is above 30% of balanceOut
     */
    public static BigInteger calcInGivenOut(BigInteger balanceIn, BigInteger weightIn, BigInteger balanceOut,
            BigInteger weightOut, BigInteger amountOut) {
        if (amountOut.compareTo(mulDown(balanceOut, MAX_OUT_RATIO)) > 0) {
            throw new BalancerRevert(BalancerRevert.MAX_OUT_RATIO);
        }
        BigInteger base = divUp(balanceOut, sub(balanceOut, amountOut));
        BigInteger exponent = divUp(weightOut, weightIn);
        BigInteger power = powUp(base, exponent);
        BigInteger ratio = sub(power, ONE);
        return mulUp(balanceIn, ratio);
    }
}
