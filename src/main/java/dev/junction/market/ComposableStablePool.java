package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.math.BalancerStableMath;
import dev.junction.market.math.BalancerRevert;
import dev.junction.market.math.BalancerSwapMath;
import java.math.BigInteger;
import java.util.List;

/**
 * A Balancer V2 composable stable pool, without its own BPT: the Vault registers the BPT as one of the pool's tokens
 * (a swap to or from it is a join or exit, which Junction does not route), so {@code tokens} are the others in the
 * Vault's order. Token-for-token swaps run {@code StableMath} on upscaled balances; protocol fees are paid in BPT on
 * joins, exits and BPT swaps and do not change such a swap's output.
 *
 * @param poolId the Vault's pool id
 * @param tokens the swappable tokens in the Vault's order, BPT left out
 * @param balances each token's Vault balance, smallest units
 * @param scalingFactors {@code getScalingFactors()} without the BPT's: decimals and the cached token rate
 * @param amplification the current amplification times {@link BalancerStableMath#AMP_PRECISION}
 *     ({@code getAmplificationParameter()}'s value; during a ramp, its value at the quoted block)
 * @param swapFeePercentage {@code getSwapFeePercentage()}, 1e18 = 100%
 */
public record ComposableStablePool(String id, ChainId chain, String provider, Bytes32 poolId, List<Address> tokens,
        List<BigInteger> balances, List<BigInteger> scalingFactors, BigInteger amplification,
        BigInteger swapFeePercentage, double liquidityUsd) implements Pool {

    /** {@code StableMath._MIN_AMP} and {@code _MAX_AMP} times the precision. */
    static final BigInteger MIN_AMPLIFICATION = BalancerStableMath.AMP_PRECISION;
    static final BigInteger MAX_AMPLIFICATION = BigInteger.valueOf(5000).multiply(BalancerStableMath.AMP_PRECISION);

    public ComposableStablePool {
        tokens = List.copyOf(tokens);
        balances = List.copyOf(balances);
        scalingFactors = List.copyOf(scalingFactors);
        BalancerPools.requireShape("composable stable", tokens, balances, scalingFactors, swapFeePercentage);
        if (tokens.size() > 5) {
            throw new IllegalArgumentException("a composable stable pool has at most 5 tokens besides its BPT");
        }
        if (amplification.compareTo(MIN_AMPLIFICATION) < 0 || amplification.compareTo(MAX_AMPLIFICATION) > 0) {
            throw new IllegalArgumentException("amplification must be from 1000 to 5000000 (A 1 to 5000 times 1000)");
        }
    }

    @Override
    public SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        return BalancerPools.quote(this, swapFeePercentage, tokenIn, tokenOut, amountIn,
                (i, j, amount) -> BalancerSwapMath.stableOutGivenIn(balances, scalingFactors, amplification, swapFeePercentage, i, j, amount));
    }

    /**
     * The input (fee included) the pool takes for exactly {@code amountOut}, as a GIVEN_OUT swap computes it.
     *
     * @throws BalancerRevert where the pool reverts
     */
    public BigInteger amountIn(Address tokenIn, Address tokenOut, BigInteger amountOut) {
        return BalancerSwapMath.stableInGivenOut(balances, scalingFactors, amplification, swapFeePercentage,
                BalancerPools.index(this, tokenIn), BalancerPools.index(this, tokenOut), amountOut);
    }

    @Override
    public Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        BigInteger out = quote(tokenIn, tokenOut, amountIn).amountOut();
        return withBalances(BalancerPools.moved(this, balances, tokenIn, tokenOut, amountIn, out));
    }

    /** The same pool with other Vault balances. */
    public ComposableStablePool withBalances(List<BigInteger> next) {
        return new ComposableStablePool(id, chain, provider, poolId, tokens, next, scalingFactors, amplification,
                swapFeePercentage, liquidityUsd);
    }
}
