package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.market.math.BalancerFixedPoint;
import dev.junction.market.math.BalancerRevert;
import dev.junction.market.math.BalancerSwapMath;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** The rules and moves the two Balancer V2 pool kinds share. */
final class BalancerPools {

    private BalancerPools() {
    }

    static void requireShape(String kind, List<Address> tokens, List<BigInteger> balances,
            List<BigInteger> scalingFactors, BigInteger swapFeePercentage) {
        if (tokens.size() < 2 || balances.size() != tokens.size() || scalingFactors.size() != tokens.size()) {
            throw new IllegalArgumentException("a " + kind + " pool has 2 or more tokens, each with a balance and a "
                    + "scaling factor");
        }
        if (tokens.stream().distinct().count() != tokens.size()) {
            throw new IllegalArgumentException("a " + kind + " pool's tokens must differ");
        }
        if (balances.stream().anyMatch(b -> b.signum() < 0) || scalingFactors.stream().anyMatch(f -> f.signum() <= 0)) {
            throw new IllegalArgumentException("a " + kind + " pool's balances must be >= 0 and scaling factors > 0");
        }
        if (swapFeePercentage.signum() < 0 || swapFeePercentage.compareTo(BalancerFixedPoint.ONE) >= 0) {
            throw new IllegalArgumentException("a " + kind + " pool's swap fee must be from 0 to below 1e18");
        }
    }

    /** A pool's swap math between tokens i and j for an amount, in the tokens' smallest units. */
    @FunctionalInterface
    interface Swap {
        BigInteger apply(int i, int j, BigInteger amount);
    }

    /** An exact-input quote by {@code outGivenIn}; nothing filled where the pool would revert. */
    static SwapQuote quote(Pool pool, BigInteger swapFeePercentage, Address tokenIn, Address tokenOut,
            BigInteger amountIn, Swap outGivenIn) {
        int i = index(pool, tokenIn);
        int j = index(pool, tokenOut);
        try {
            return new SwapQuote(amountIn, outGivenIn.apply(i, j, amountIn),
                    BalancerSwapMath.swapFee(amountIn, swapFeePercentage), 0);
        } catch (BalancerRevert revert) {
            return SwapQuote.none(amountIn);
        }
    }

    static int index(Pool pool, Address token) {
        int i = pool.tokens().indexOf(token);
        if (i < 0) {
            throw new IllegalArgumentException("pool " + pool.id() + " does not hold " + token);
        }
        return i;
    }

    /** Balances after the Vault credits the whole {@code amountIn} (fee included) and debits {@code amountOut}. */
    static List<BigInteger> moved(Pool pool, List<BigInteger> balances, Address tokenIn, Address tokenOut,
            BigInteger amountIn, BigInteger amountOut) {
        List<BigInteger> next = new ArrayList<>(balances);
        int i = index(pool, tokenIn);
        int j = index(pool, tokenOut);
        next.set(i, next.get(i).add(amountIn));
        next.set(j, next.get(j).subtract(amountOut));
        return next;
    }
}
