package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.math.BalancerFixedPoint;
import dev.junction.market.math.BalancerRevert;
import dev.junction.market.math.BalancerSwapMath;
import java.math.BigInteger;
import java.util.List;

/**
 * A Balancer V2 weighted pool (WeightedPool V2): its Vault balances, scaling factors and normalized weights as the
 * pool reports them, and its swap fee, all 18-decimal fixed point where Balancer's are.
 *
 * @param poolId the Vault's pool id (the pool's address followed by its specialization and nonce)
 * @param tokens the pool's tokens in the Vault's order
 * @param balances each token's Vault balance, smallest units
 * @param scalingFactors {@code getScalingFactors()}: {@code 1e18 * 10^(18 - decimals)}
 * @param normalizedWeights {@code getNormalizedWeights()}, summing to 1e18
 * @param swapFeePercentage {@code getSwapFeePercentage()}, 1e18 = 100%
 */
public record WeightedPool(String id, ChainId chain, String provider, Bytes32 poolId, List<Address> tokens,
        List<BigInteger> balances, List<BigInteger> scalingFactors, List<BigInteger> normalizedWeights,
        BigInteger swapFeePercentage, double liquidityUsd) implements Pool {

    public WeightedPool {
        tokens = List.copyOf(tokens);
        balances = List.copyOf(balances);
        scalingFactors = List.copyOf(scalingFactors);
        normalizedWeights = List.copyOf(normalizedWeights);
        BalancerPools.requireShape("weighted", tokens, balances, scalingFactors, swapFeePercentage);
        if (normalizedWeights.size() != tokens.size() || normalizedWeights.stream().anyMatch(w -> w.signum() <= 0)) {
            throw new IllegalArgumentException("a weighted pool has a weight > 0 per token");
        }
        if (!normalizedWeights.stream().reduce(BigInteger.ZERO, BigInteger::add).equals(BalancerFixedPoint.ONE)) {
            throw new IllegalArgumentException("a weighted pool's normalized weights sum to 1e18");
        }
    }

    @Override
    public SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        return BalancerPools.quote(this, swapFeePercentage, tokenIn, tokenOut, amountIn,
                (i, j, amount) -> BalancerSwapMath.weightedOutGivenIn(balances, scalingFactors, normalizedWeights, swapFeePercentage, i, j, amount));
    }

    /**
     * The input (fee included) the pool takes for exactly {@code amountOut}, as a GIVEN_OUT swap computes it.
     *
     * @throws BalancerRevert where the pool reverts (e.g. 305 above 30% of the output balance)
     */
    public BigInteger amountIn(Address tokenIn, Address tokenOut, BigInteger amountOut) {
        return BalancerSwapMath.weightedInGivenOut(balances, scalingFactors, normalizedWeights, swapFeePercentage,
                BalancerPools.index(this, tokenIn), BalancerPools.index(this, tokenOut), amountOut);
    }

    @Override
    public Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        BigInteger out = quote(tokenIn, tokenOut, amountIn).amountOut();
        return withBalances(BalancerPools.moved(this, balances, tokenIn, tokenOut, amountIn, out));
    }

    /** The same pool with other Vault balances. */
    public WeightedPool withBalances(List<BigInteger> next) {
        return new WeightedPool(id, chain, provider, poolId, tokens, next, scalingFactors, normalizedWeights,
                swapFeePercentage, liquidityUsd);
    }
}
