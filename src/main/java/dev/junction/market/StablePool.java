package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.math.StableSwapMath;
import java.math.BigInteger;
import java.util.List;

/**
 * A Curve-style StableSwap pool (classic math) of 2 or 3 coins.
 *
 * @param coins coin addresses in pool order
 * @param decimals each coin's decimals
 * @param balances each coin's balance, smallest units
 * @param amp the contract's A
 * @param fee fee over 10^10 (4_000_000 = 0.04%)
 */
public record StablePool(String id, ChainId chain, String provider, List<Address> coins, List<Integer> decimals,
        List<BigInteger> balances, long amp, long fee, double liquidityUsd) implements Pool {

    public StablePool {
        coins = List.copyOf(coins);
        decimals = List.copyOf(decimals);
        balances = List.copyOf(balances);
        if (coins.size() < 2 || coins.size() > 3 || decimals.size() != coins.size() || balances.size() != coins.size()) {
            throw new IllegalArgumentException("a stable pool has 2 or 3 coins, each with decimals and a balance");
        }
        if (amp <= 0 || fee < 0 || fee >= StableSwapMath.FEE_DENOMINATOR.longValue()) {
            throw new IllegalArgumentException("amp must be > 0 and fee from 0 to 10^10 - 1");
        }
    }

    @Override
    public List<Address> tokens() {
        return coins;
    }

    @Override
    public SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        int i = index(tokenIn);
        int j = index(tokenOut);
        BigInteger[] parts = StableSwapMath.getDyParts(amp, balances, decimals, fee, i, j, amountIn);
        // The fee is taken from the output; report it in input units at the pool's marginal 1:1-ish rate.
        BigInteger feeIn = parts[0].signum() == 0 ? BigInteger.ZERO
                : parts[1].multiply(amountIn).divide(parts[0].add(parts[1]));
        return new SwapQuote(amountIn, parts[0], feeIn, 0);
    }

    @Override
    public Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        int i = index(tokenIn);
        int j = index(tokenOut);
        BigInteger out = quote(tokenIn, tokenOut, amountIn).amountOut();
        BigInteger[] next = balances.toArray(BigInteger[]::new);
        next[i] = next[i].add(amountIn);
        next[j] = next[j].subtract(out);
        return new StablePool(id, chain, provider, coins, decimals, List.of(next), amp, fee, liquidityUsd);
    }

    private int index(Address token) {
        int i = coins.indexOf(token);
        if (i < 0) {
            throw new IllegalArgumentException("pool " + id + " does not hold " + token);
        }
        return i;
    }
}
