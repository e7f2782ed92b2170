package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.util.Objects;

/**
 * One step of an {@link ExecutionPlan}. Amounts are in the smallest units of the step's input and output tokens. The
 * executor feeds each step the actual output of the previous one; {@code amountIn} is the planned input and is used as
 * given only for the first step. A split route's steps are its legs one after the other, each a {@link Leg} followed
 * by the leg's swaps, as the router's leg steps (kind 2).
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

    /**
     * The start of one parallel leg of a split route, the router's leg step (kind 2, no adapter): the swaps after it,
     * up to the next leg step or the end of the chain's steps, spend {@code floor(input * shareBps / 10000)} of the
     * split's input (the last leg: the remainder) and end in {@code tokenOut}; the legs' outputs add up.
     *
     * @param chain the chain the split runs on
     * @param tokenIn the split's input token, what every leg spends
     * @param tokenOut the token every leg ends in
     * @param shareBps the leg's share of the split's input, basis points (1..10000; the shares sum to 10000)
     * @param amountIn the leg's planned input
     */
    record Leg(ChainId chain, Address tokenIn, Address tokenOut, int shareBps, Amount amountIn) implements PlanStep {

        /** Basis points of the whole input. */
        public static final int WHOLE = 10_000;

        public Leg {
            Objects.requireNonNull(chain, "chain");
            Objects.requireNonNull(tokenIn, "tokenIn");
            Objects.requireNonNull(tokenOut, "tokenOut");
            Objects.requireNonNull(amountIn, "amountIn");
            if (shareBps < 1 || shareBps > WHOLE) {
                throw new IllegalArgumentException("InvalidShares(" + shareBps + "): a leg's share is 1..10000 bps");
            }
        }

        /** A leg step has no minimum of its own: its last swap's and the route's apply. */
        @Override
        public Amount minAmountOut() {
            return Amount.ZERO;
        }
    }
}
