package dev.junction.market.math;

import static dev.junction.market.math.BalancerFixedPoint.add;
import static dev.junction.market.math.BalancerFixedPoint.divDownRaw;
import static dev.junction.market.math.BalancerFixedPoint.divUpRaw;
import static dev.junction.market.math.BalancerFixedPoint.mul;
import static dev.junction.market.math.BalancerFixedPoint.sub;

import java.math.BigInteger;

/**
 * Balancer V2's {@code StableMath} (pkg/pool-stable, as ComposableStablePool V3 runs it): the invariant by Newton
 * iteration with the amplification in {@link #AMP_PRECISION} units, and a token's balance given the invariant and
 * the other balances, on upscaled 18-decimal balances without the BPT. Curve's math in Balancer's rounding, so its
 * own class (not {@link StableSwapMath}).
 */
public final class BalancerStableMath {

    /** The amplification parameter's precision ({@code _AMP_PRECISION}): an A of 200 is 200_000. */
    public static final BigInteger AMP_PRECISION = BigInteger.valueOf(1000);
    private static final int MAX_ITERATIONS = 255;

    private BalancerStableMath() {
    }

    /** {@code _calculateInvariant}: D of the balances (rounded down). */
    public static BigInteger calculateInvariant(BigInteger amp, BigInteger[] balances) {
        BigInteger sum = BigInteger.ZERO;
        int numTokens = balances.length;
        BigInteger n = BigInteger.valueOf(numTokens);
        for (BigInteger b : balances) {
            sum = add(sum, b);
        }
        if (sum.signum() == 0) {
            return BigInteger.ZERO;
        }
        BigInteger invariant = sum;
        BigInteger ampTimesTotal = amp.multiply(n);
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            BigInteger dP = invariant;
            for (BigInteger balance : balances) {
                dP = divDownRaw(mul(dP, invariant), mul(balance, n));
            }
            BigInteger prevInvariant = invariant;
            invariant = divDownRaw(
                    mul(add(divDownRaw(mul(ampTimesTotal, sum), AMP_PRECISION), mul(dP, n)), invariant),
                    add(divDownRaw(mul(ampTimesTotal.subtract(AMP_PRECISION), invariant), AMP_PRECISION),
                            mul(BigInteger.valueOf(numTokens + 1L), dP)));
            if (invariant.subtract(prevInvariant).abs().compareTo(BigInteger.ONE) <= 0) {
                return invariant;
            }
        }
        throw new BalancerRevert(BalancerRevert.STABLE_INVARIANT_DIDNT_CONVERGE);
    }

    /** {@code _calcOutGivenIn}: the output for {@code amountIn} (fee already taken), rounded down by one unit. */
    public static BigInteger calcOutGivenIn(BigInteger amp, BigInteger[] balances, int indexIn, int indexOut,
            BigInteger amountIn, BigInteger invariant) {
        BigInteger[] b = balances.clone();
        b[indexIn] = add(b[indexIn], amountIn);
        BigInteger finalBalanceOut = tokenBalanceGivenInvariantAndAllOtherBalances(amp, b, invariant, indexOut);
        return sub(sub(balances[indexOut], finalBalanceOut), BigInteger.ONE);
    }

    /** {@code _calcInGivenOut}: the input (before the fee) for {@code amountOut}, rounded up by one unit. */
    public static BigInteger calcInGivenOut(BigInteger amp, BigInteger[] balances, int indexIn, int indexOut,
            BigInteger amountOut, BigInteger invariant) {
        BigInteger[] b = balances.clone();
        b[indexOut] = sub(b[indexOut], amountOut);
        BigInteger finalBalanceIn = tokenBalanceGivenInvariantAndAllOtherBalances(amp, b, invariant, indexIn);
        return add(sub(finalBalanceIn, balances[indexIn]), BigInteger.ONE);
    }

    /** {@code _getTokenBalanceGivenInvariantAndAllOtherBalances}: Newton on y (rounded up). */
    static BigInteger tokenBalanceGivenInvariantAndAllOtherBalances(BigInteger amp, BigInteger[] balances,
            BigInteger invariant, int tokenIndex) {
        BigInteger n = BigInteger.valueOf(balances.length);
        BigInteger ampTimesTotal = amp.multiply(n);
        BigInteger sum = balances[0];
        BigInteger pD = balances[0].multiply(n);
        for (int j = 1; j < balances.length; j++) {
            pD = divDownRaw(mul(mul(pD, balances[j]), n), invariant);
            sum = add(sum, balances[j]);
        }
        sum = sum.subtract(balances[tokenIndex]);
        BigInteger inv2 = mul(invariant, invariant);
        BigInteger c = mul(mul(divUpRaw(inv2, mul(ampTimesTotal, pD)), AMP_PRECISION), balances[tokenIndex]);
        BigInteger b = add(sum, mul(divDownRaw(invariant, ampTimesTotal), AMP_PRECISION));
        BigInteger tokenBalance = divUpRaw(add(inv2, c), add(invariant, b));
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            BigInteger prevTokenBalance = tokenBalance;
            tokenBalance = divUpRaw(add(mul(tokenBalance, tokenBalance), c),
                    sub(add(mul(tokenBalance, BigInteger.TWO), b), invariant));
            if (tokenBalance.subtract(prevTokenBalance).abs().compareTo(BigInteger.ONE) <= 0) {
                return tokenBalance;
            }
        }
        throw new BalancerRevert(BalancerRevert.STABLE_GET_BALANCE_DIDNT_CONVERGE);
    }
}
