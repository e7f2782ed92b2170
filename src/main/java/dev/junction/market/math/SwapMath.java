package dev.junction.market.math;

import java.math.BigInteger;

/** Uniswap V3 {@code SwapMath.computeSwapStep}: one step of the swap loop within a single liquidity range. */
final class SwapMath {

    private static final BigInteger ONE_MILLION = BigInteger.valueOf(1_000_000);

    private SwapMath() {
    }

    /**
     * The result of one step.
     *
     * @param sqrtRatioNextX96 the price after the step, Q64.96
     * @param amountIn input used, without the fee
     * @param amountOut output
     * @param feeAmount fee taken, input units
     */
    record Step(BigInteger sqrtRatioNextX96, BigInteger amountIn, BigInteger amountOut, BigInteger feeAmount) {
    }

    /**
     * Swaps from the current price toward the target price within one range of constant liquidity.
     *
     * @param amountRemaining exact input when >= 0, exact output when negative (the contract's int256 convention)
     * @param feePips fee in pips (3000 = 0.3%), below 10^6
     */
    static Step computeSwapStep(BigInteger sqrtRatioCurrentX96, BigInteger sqrtRatioTargetX96, BigInteger liquidity,
            BigInteger amountRemaining, int feePips) {
        boolean zeroForOne = sqrtRatioCurrentX96.compareTo(sqrtRatioTargetX96) >= 0;
        boolean exactIn = amountRemaining.signum() >= 0;
        BigInteger fee = BigInteger.valueOf(feePips);
        BigInteger amountIn = BigInteger.ZERO;
        BigInteger amountOut = BigInteger.ZERO;
        BigInteger next;
        if (exactIn) {
            BigInteger remainingLessFee = FullMath.mulDiv(amountRemaining, ONE_MILLION.subtract(fee), ONE_MILLION);
            amountIn = zeroForOne
                    ? SqrtPriceMath.getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
                    : SqrtPriceMath.getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true);
            next = remainingLessFee.compareTo(amountIn) >= 0 ? sqrtRatioTargetX96
                    : SqrtPriceMath.getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, remainingLessFee, zeroForOne);
        } else {
            amountOut = zeroForOne
                    ? SqrtPriceMath.getAmount1Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, false)
                    : SqrtPriceMath.getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, false);
            next = amountRemaining.negate().compareTo(amountOut) >= 0 ? sqrtRatioTargetX96
                    : SqrtPriceMath.getNextSqrtPriceFromOutput(sqrtRatioCurrentX96, liquidity, amountRemaining.negate(), zeroForOne);
        }
        boolean max = sqrtRatioTargetX96.equals(next);
        if (zeroForOne) {
            if (!(max && exactIn)) {
                amountIn = SqrtPriceMath.getAmount0Delta(next, sqrtRatioCurrentX96, liquidity, true);
            }
            if (!(max && !exactIn)) {
                amountOut = SqrtPriceMath.getAmount1Delta(next, sqrtRatioCurrentX96, liquidity, false);
            }
        } else {
            if (!(max && exactIn)) {
                amountIn = SqrtPriceMath.getAmount1Delta(sqrtRatioCurrentX96, next, liquidity, true);
            }
            if (!(max && !exactIn)) {
                amountOut = SqrtPriceMath.getAmount0Delta(sqrtRatioCurrentX96, next, liquidity, false);
            }
        }
        if (!exactIn && amountOut.compareTo(amountRemaining.negate()) > 0) {
            amountOut = amountRemaining.negate();
        }
        BigInteger feeAmount = exactIn && !next.equals(sqrtRatioTargetX96)
                ? amountRemaining.subtract(amountIn)
                : FullMath.mulDivRoundingUp(amountIn, fee, ONE_MILLION.subtract(fee));
        return new Step(next, amountIn, amountOut, feeAmount);
    }
}
