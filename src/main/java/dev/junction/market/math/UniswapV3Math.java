package dev.junction.market.math;

import java.math.BigInteger;
import java.util.NavigableMap;

/**
 * Uniswap V3 exact-input swap as the pool's {@code swap} loop (and QuoterV2) computes it: steps of
 * {@code SwapMath.computeSwapStep} between the initialized ticks found with {@code TickBitmap}'s word-boundary stops,
 * liquidity changed by {@code liquidityNet} at each initialized tick crossed. Results are exact to the wei.
 */
public final class UniswapV3Math {

    private static final BigInteger MIN_LIMIT = TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE);
    private static final BigInteger MAX_LIMIT = TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE);

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
     * @param liquidityNet initialized ticks with their signed liquidityNet; each tick a multiple of tickSpacing (a tick
     *     whose liquidityNet is zero but that still bounds a position stays in the map: it is initialized on chain)
     */
    public record PoolState(BigInteger sqrtPriceX96, int tick, BigInteger liquidity, int tickSpacing, int feePips,
            NavigableMap<Integer, BigInteger> liquidityNet) {
    }

    /**
     * Result of an exact-input swap.
     *
     * @param amountIn input consumed including the fee (less than asked only when the price limit was reached)
     * @param amountOut output
     * @param feeAmount LP fee taken, input units (part of amountIn)
     * @param ticksCrossed initialized ticks crossed
     * @param sqrtPriceX96After the pool's sqrt price after the swap, Q64.96
     * @param tickAfter the pool's tick after the swap
     * @param liquidityAfter the in-range liquidity after the swap
     */
    public record SwapResult(BigInteger amountIn, BigInteger amountOut, BigInteger feeAmount, int ticksCrossed,
            BigInteger sqrtPriceX96After, int tickAfter, BigInteger liquidityAfter) {
    }

    /**
     * Exact-input swap with QuoterV2's default price limit (MIN_SQRT_RATIO + 1 or MAX_SQRT_RATIO - 1).
     *
     * @param zeroForOne true to sell token0 for token1
     * @param amountIn input in the sold token's smallest units, > 0
     */
    public static SwapResult swapExactInput(PoolState state, boolean zeroForOne, BigInteger amountIn) {
        return swapExactInput(state, zeroForOne, amountIn, defaultLimit(zeroForOne));
    }

    /**
     * Exact-input swap that stops when the price reaches {@code sqrtPriceLimitX96} (the rest of the input is not used),
     * as {@code UniswapV3Pool.swap} does.
     *
     * @param sqrtPriceLimitX96 below the current price and above MIN_SQRT_RATIO when zeroForOne; above the current price
     *     and below MAX_SQRT_RATIO otherwise (the contract reverts with {@code SPL} otherwise: here
     *     {@link IllegalArgumentException})
     * @throws ArithmeticException where the contract would revert on overflow or on liquidity going negative
     */
    public static SwapResult swapExactInput(PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96) {
        return run(state, zeroForOne, amountIn, sqrtPriceLimitX96, true);
    }

    /**
     * What a swap in and out would be.
     *
     * @param amountIn input actually used (all of it unless the price limit is reached)
     * @param amountOut output in the bought token's smallest units
     * @param feeAmount LP fee in the sold token's smallest units
     * @param ticksCrossed initialized ticks crossed
     */
    public record Quote(BigInteger amountIn, BigInteger amountOut, BigInteger feeAmount, int ticksCrossed) {
    }

    /**
     * The amounts of {@link #swapExactInput(PoolState, boolean, BigInteger)} without the state after the swap: the same
     * loop, less the final {@code getTickAtSqrtRatio} that only the new state needs.
     */
    public static Quote quoteExactInput(PoolState state, boolean zeroForOne, BigInteger amountIn) {
        BigInteger limit = defaultLimit(zeroForOne);
        validate(state, zeroForOne, amountIn, limit);
        Quote fast = ConcentratedSwapFastPath.quote(state, zeroForOne, amountIn, limit);
        if (fast != null) {
            return fast;
        }
        SwapResult r = referenceLoop(state, zeroForOne, amountIn, limit, false);
        return new Quote(r.amountIn(), r.amountOut(), r.feeAmount(), r.ticksCrossed());
    }

    private static BigInteger defaultLimit(boolean zeroForOne) {
        return zeroForOne ? MIN_LIMIT : MAX_LIMIT;
    }

    /**
     * The swap loop; with {@code withTick} false the result's tick is not computed after the last partial step. Runs
     * on {@link ConcentratedSwapFastPath}'s registers when the values are in its range, else {@link #referenceLoop}.
     */
    private static SwapResult run(PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96, boolean withTick) {
        validate(state, zeroForOne, amountIn, sqrtPriceLimitX96);
        SwapResult fast = ConcentratedSwapFastPath.swap(state, zeroForOne, amountIn, sqrtPriceLimitX96, withTick);
        return fast != null ? fast : referenceLoop(state, zeroForOne, amountIn, sqrtPriceLimitX96, withTick);
    }

    /** {@link #run} on BigInteger values only: the reference the fast path is checked against. */
    static SwapResult referenceRun(PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96, boolean withTick) {
        validate(state, zeroForOne, amountIn, sqrtPriceLimitX96);
        return referenceLoop(state, zeroForOne, amountIn, sqrtPriceLimitX96, withTick);
    }

    /** The contract's checks of the arguments, before any step. */
    private static void validate(PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96) {
        if (amountIn.signum() <= 0) {
            throw new IllegalArgumentException("amountIn must be > 0");
        }
        if (amountIn.bitLength() > 255) {
            throw new IllegalArgumentException("amountIn must fit in an int256");
        }
        BigInteger price = state.sqrtPriceX96();
        boolean limitOk = zeroForOne
                ? sqrtPriceLimitX96.compareTo(price) < 0 && sqrtPriceLimitX96.compareTo(TickMath.MIN_SQRT_RATIO) > 0
                : sqrtPriceLimitX96.compareTo(price) > 0 && sqrtPriceLimitX96.compareTo(TickMath.MAX_SQRT_RATIO) < 0;
        if (!limitOk) {
            throw new IllegalArgumentException("sqrtPriceLimitX96 " + sqrtPriceLimitX96 + " is not "
                    + (zeroForOne ? "below" : "above") + " the current price " + price + " within the tick range");
        }
    }

    private static SwapResult referenceLoop(PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96, boolean withTick) {
        BigInteger price = state.sqrtPriceX96();
        BigInteger remaining = amountIn;
        BigInteger out = BigInteger.ZERO;
        BigInteger fees = BigInteger.ZERO;
        BigInteger liquidity = state.liquidity();
        int tick = state.tick();
        int crossed = 0;
        while (remaining.signum() != 0 && !price.equals(sqrtPriceLimitX96)) {
            BigInteger start = price;
            TickBitmap.Next next = TickBitmap.nextInitializedTickWithinOneWord(state.liquidityNet(), tick,
                    state.tickSpacing(), zeroForOne);
            int tickNext = Math.clamp(next.tick(), TickMath.MIN_TICK, TickMath.MAX_TICK);
            BigInteger priceNext = TickMath.getSqrtRatioAtTick(tickNext);
            BigInteger target = zeroForOne
                    ? priceNext.max(sqrtPriceLimitX96)
                    : priceNext.min(sqrtPriceLimitX96);
            SwapMath.Step step = SwapMath.computeSwapStep(price, target, liquidity, remaining, state.feePips());
            price = step.sqrtRatioNextX96();
            remaining = remaining.subtract(step.amountIn().add(step.feeAmount()));
            out = out.add(step.amountOut());
            fees = fees.add(step.feeAmount());
            if (price.equals(priceNext)) {
                if (next.initialized()) {
                    BigInteger net = state.liquidityNet().get(tickNext);
                    liquidity = addDelta(liquidity, zeroForOne ? net.negate() : net);
                    crossed++;
                }
                tick = zeroForOne ? tickNext - 1 : tickNext;
            } else if (withTick && !price.equals(start)) {
                tick = TickMath.getTickAtSqrtRatio(price);
            }
        }
        return new SwapResult(amountIn.subtract(remaining), out, fees, crossed, price, tick, liquidity);
    }

    private static BigInteger addDelta(BigInteger liquidity, BigInteger delta) {
        BigInteger result = liquidity.add(delta);
        if (result.signum() < 0 || result.compareTo(FullMath.MAX_UINT128) > 0) {
            throw new ArithmeticException("liquidity out of range after crossing a tick (inconsistent liquidityNet)");
        }
        return result;
    }
}
