package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.util.Objects;

/**
 * One step of an {@link ExecutionPlan}. Amounts are in the smallest units of the step's input and output tokens. The
 * executor feeds each step the actual output of the previous one; {@code amountIn} is the planned input and is used as
 * given only for the first step.
 */
public sealed interface PlanStep {

    /** The chain the step starts on. */
    ChainId chain();

    /** Planned input, smallest units of the step's input token. */
    Amount amountIn();

    /** Least output the step must produce, smallest units of its output token. */
    Amount minAmountOut();

    /**
     * An exact-input swap through one pool.
     *
     * @param chain the pool's chain
     * @param poolId the pool's id in the market
     * @param tokenIn token sold
     * @param tokenOut token bought
     * @param amountIn planned input
     * @param minAmountOut least output
     */
    record Swap(ChainId chain, String poolId, Address tokenIn, Address tokenOut, Amount amountIn, Amount minAmountOut)
            implements PlanStep {
        public Swap {
            Objects.requireNonNull(chain, "chain");
            Objects.requireNonNull(tokenIn, "tokenIn");
            Objects.requireNonNull(tokenOut, "tokenOut");
            Objects.requireNonNull(amountIn, "amountIn");
            Objects.requireNonNull(minAmountOut, "minAmountOut");
            if (poolId == null || poolId.isBlank()) {
                throw new IllegalArgumentException("a swap step needs a pool id");
            }
            if (tokenIn.equals(tokenOut)) {
                throw new IllegalArgumentException("a swap step must change the token");
            }
        }
    }

    /**
     * A transfer over one bridge lane, identified as the market identifies lanes.
     *
     * @param provider bridge provider key, e.g. {@code across}
     * @param chain source chain (the lane's fromChain)
     * @param toChain destination chain
     * @param inputToken token deposited on the source chain
     * @param outputToken token received on the destination chain
     * @param amountIn planned deposit
     * @param minAmountOut least amount the bridge must deliver
     */
    record Bridge(String provider, ChainId chain, ChainId toChain, Address inputToken, Address outputToken,
            Amount amountIn, Amount minAmountOut) implements PlanStep {
        public Bridge {
            Objects.requireNonNull(chain, "chain");
            Objects.requireNonNull(toChain, "toChain");
            Objects.requireNonNull(inputToken, "inputToken");
            Objects.requireNonNull(outputToken, "outputToken");
            Objects.requireNonNull(amountIn, "amountIn");
            Objects.requireNonNull(minAmountOut, "minAmountOut");
            if (provider == null || provider.isBlank()) {
                throw new IllegalArgumentException("a bridge step needs a provider");
            }
            if (chain.equals(toChain)) {
                throw new IllegalArgumentException("a bridge step must change the chain");
            }
        }
    }
}
