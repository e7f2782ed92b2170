package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.math.UniswapV2Math;
import java.math.BigInteger;
import java.util.List;

/**
 * A constant-product pool (Uniswap V2 and forks).
 *
 * @param reserve0 reserve of token0, smallest units
 * @param reserve1 reserve of token1, smallest units
 * @param feeBps LP fee in basis points (30 = 0.3%)
 */
public record ConstantProductPool(String id, ChainId chain, String provider, Address token0, Address token1,
        BigInteger reserve0, BigInteger reserve1, int feeBps, double liquidityUsd) implements Pool {

    public ConstantProductPool {
        if (reserve0.signum() <= 0 || reserve1.signum() <= 0) {
            throw new IllegalArgumentException("reserves must be > 0");
        }
        if (feeBps < 0 || feeBps >= 10_000) {
            throw new IllegalArgumentException("feeBps must be from 0 to 9999");
        }
    }

    @Override
    public List<Address> tokens() {
        return List.of(token0, token1);
    }

    @Override
    public SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        boolean zeroForOne = direction(tokenIn, tokenOut);
        BigInteger rin = zeroForOne ? reserve0 : reserve1;
        BigInteger rout = zeroForOne ? reserve1 : reserve0;
        BigInteger out = UniswapV2Math.getAmountOut(amountIn, rin, rout, feeBps);
        BigInteger fee = amountIn.multiply(BigInteger.valueOf(feeBps)).divide(BigInteger.valueOf(10_000));
        return new SwapQuote(amountIn, out, fee, 0);
    }

    @Override
    public Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        boolean zeroForOne = direction(tokenIn, tokenOut);
        BigInteger out = quote(tokenIn, tokenOut, amountIn).amountOut();
        return zeroForOne
                ? new ConstantProductPool(id, chain, provider, token0, token1, reserve0.add(amountIn), reserve1.subtract(out), feeBps, liquidityUsd)
                : new ConstantProductPool(id, chain, provider, token0, token1, reserve0.subtract(out), reserve1.add(amountIn), feeBps, liquidityUsd);
    }

    private boolean direction(Address tokenIn, Address tokenOut) {
        if (tokenIn.equals(token0) && tokenOut.equals(token1)) {
            return true;
        }
        if (tokenIn.equals(token1) && tokenOut.equals(token0)) {
            return false;
        }
        throw new IllegalArgumentException("pool " + id + " does not trade " + tokenIn + " for " + tokenOut);
    }
}
