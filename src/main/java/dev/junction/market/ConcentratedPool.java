package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.math.TickMath;
import dev.junction.market.math.UniswapV3Math;
import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A concentrated-liquidity pool (Uniswap V3 and forks).
 *
 * @param feePips fee in pips (hundredths of a bip): 100, 500, 3000 or 10000
 * @param tickSpacing 1, 10, 60 or 200 for those fee tiers
 * @param sqrtPriceX96 current sqrt(token1/token0) * 2^96
 * @param tick current tick
 * @param liquidity in-range liquidity
 * @param liquidityNet initialized ticks and their liquidityNet (signed), sorted by tick
 * @param windowLow lowest tick whose initialized state is known ({@link TickMath#MIN_TICK}: all below)
 * @param windowHigh highest tick whose initialized state is known ({@link TickMath#MAX_TICK}: all above); a swap that
 *     would move the price past the known window is not quoted (amountOut zero): its amount would be a guess
 * @param edges where a refused quote records the edge it reached, for chain mode to widen the window
 */
public record ConcentratedPool(String id, ChainId chain, String provider, Address token0, Address token1, int feePips,
        int tickSpacing, BigInteger sqrtPriceX96, int tick, BigInteger liquidity,
        NavigableMap<Integer, BigInteger> liquidityNet, double liquidityUsd, int windowLow, int windowHigh,
        TickWindowEdges edges) implements Pool {

    public ConcentratedPool {
        liquidityNet = Collections.unmodifiableNavigableMap(new TreeMap<>(liquidityNet));
        if (liquidity.signum() < 0 || sqrtPriceX96.signum() <= 0) {
            throw new IllegalArgumentException("liquidity must be >= 0 and sqrtPriceX96 > 0");
        }
        if (windowLow > windowHigh) {
            throw new IllegalArgumentException("the known tick window [" + windowLow + ", " + windowHigh
                    + "] is empty");
        }
        edges = edges == null ? TickWindowEdges.NONE : edges;
    }

    /** A pool whose initialized ticks are known in [windowLow, windowHigh], recording no edge reached. */
    public ConcentratedPool(String id, ChainId chain, String provider, Address token0, Address token1, int feePips,
            int tickSpacing, BigInteger sqrtPriceX96, int tick, BigInteger liquidity,
            NavigableMap<Integer, BigInteger> liquidityNet, double liquidityUsd, int windowLow, int windowHigh) {
        this(id, chain, provider, token0, token1, feePips, tickSpacing, sqrtPriceX96, tick, liquidity, liquidityNet,
                liquidityUsd, windowLow, windowHigh, TickWindowEdges.NONE);
    }

    /** A pool whose every initialized tick is known. */
    public ConcentratedPool(String id, ChainId chain, String provider, Address token0, Address token1, int feePips,
            int tickSpacing, BigInteger sqrtPriceX96, int tick, BigInteger liquidity,
            NavigableMap<Integer, BigInteger> liquidityNet, double liquidityUsd) {
        this(id, chain, provider, token0, token1, feePips, tickSpacing, sqrtPriceX96, tick, liquidity, liquidityNet,
                liquidityUsd, TickMath.MIN_TICK, TickMath.MAX_TICK);
    }

    @Override
    public List<Address> tokens() {
        return List.of(token0, token1);
    }

    @Override
    public SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        boolean zeroForOne = zeroForOne(tokenIn, tokenOut);
        int edge = zeroForOne ? windowLow : windowHigh;
        if (zeroForOne ? edge <= TickMath.MIN_TICK : edge >= TickMath.MAX_TICK) {
            UniswapV3Math.Quote r = UniswapV3Math.quoteExactInput(state(), zeroForOne, amountIn);
            return new SwapQuote(r.amountIn(), r.amountOut(), r.feeAmount(), r.ticksCrossed());
        }
        // Stop at the edge of the known ticks: a swap that reaches it would cross ticks nobody loaded.
        BigInteger limit = TickMath.getSqrtRatioAtTick(edge);
        if (zeroForOne ? limit.compareTo(sqrtPriceX96) >= 0 : limit.compareTo(sqrtPriceX96) <= 0) {
            edges.reached(zeroForOne);
            return SwapQuote.none(amountIn);
        }
        UniswapV3Math.SwapResult r = UniswapV3Math.swapExactInput(state(), zeroForOne, amountIn, limit);
        if (r.amountIn().compareTo(amountIn) < 0) {
            edges.reached(zeroForOne); // chain mode reads the next words of that side in its next update round
            return SwapQuote.none(amountIn);
        }
        return new SwapQuote(r.amountIn(), r.amountOut(), r.feeAmount(), r.ticksCrossed());
    }

    @Override
    public Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        UniswapV3Math.SwapResult r = swap(tokenIn, tokenOut, amountIn);
        return new ConcentratedPool(id, chain, provider, token0, token1, feePips, tickSpacing, r.sqrtPriceX96After(),
                r.tickAfter(), r.liquidityAfter(), liquidityNet, liquidityUsd, windowLow, windowHigh, edges);
    }

    private UniswapV3Math.SwapResult swap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        return UniswapV3Math.swapExactInput(state(), zeroForOne(tokenIn, tokenOut), amountIn);
    }

    private boolean zeroForOne(Address tokenIn, Address tokenOut) {
        if (tokenIn.equals(token0) && tokenOut.equals(token1)) {
            return true;
        } else if (tokenIn.equals(token1) && tokenOut.equals(token0)) {
            return false;
        }
        throw new IllegalArgumentException("pool " + id + " does not trade " + tokenIn + " for " + tokenOut);
    }

    private UniswapV3Math.PoolState state() {
        return new UniswapV3Math.PoolState(sqrtPriceX96, tick, liquidity, tickSpacing, feePips, liquidityNet);
    }
}
