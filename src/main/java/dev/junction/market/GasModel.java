package dev.junction.market;

import java.util.OptionalLong;

/**
 * Gas units a route costs on its source chain: per swap step by pool kind (V3 plus each initialized tick crossed), per
 * bridge deposit (the generic model takes the lane's {@code gasUnits}), and the route's fixed part. A market snapshot
 * carries the model its quotes use ({@link MarketSnapshot#gas()}): {@link #GENERIC} for the sandbox's generated
 * markets; in chain mode the protocol module's {@code RouterGas}, measured from Junction's router, each step's figure
 * given by its protocol's room.
 */
public interface GasModel {

    /** Generic: first Uniswap V2-style hop. */
    long V2_HOP = 135_000;
    /** Generic: each further V2 hop in the same call. */
    long V2_EXTRA_HOP = 50_000;
    /** Generic: first V3 hop, before ticks crossed. */
    long V3_HOP = 100_000;
    /** Generic: each initialized tick crossed in a V3 swap. */
    long V3_TICK = 31_000;
    /** Generic: each further V3 hop. */
    long V3_EXTRA_HOP = 80_000;
    /** Generic: a Uniswap V4 swap (unlock, swap, settle, take) before ticks crossed. */
    long V4_HOP = 120_000;
    /** Generic: each further V4 hop. */
    long V4_EXTRA_HOP = 100_000;
    /** Generic: a Curve stable swap. */
    long STABLE_HOP = 180_000;
    /** Generic: a Balancer V2 weighted pool swap through the Vault. */
    long BALANCER_WEIGHTED_HOP = 110_000;
    /** Generic: a Balancer V2 composable stable pool swap through the Vault (the invariant's Newton loop). */
    long BALANCER_STABLE_HOP = 150_000;
    /** Generic: an ERC-20 approve. */
    long APPROVE = 46_000;
    /** Generic: a Permit2 {@code permitTransferFrom}/{@code permitWitnessTransferFrom} (signature, nonce, transfer). */
    long PERMIT2_PULL = 60_000;
    /** Generic: a split's fixed work (the input gathered once for its legs). */
    long SPLIT = 15_000;
    /** Generic: each leg of a split beyond its steps. */
    long SPLIT_LEG = 500;

    /** Gas units per step kind as routers commonly estimate them; no fixed part per route. */
    GasModel GENERIC = new GasModel() {
        @Override
        public long swap(Pool pool, int ticksCrossed, boolean afterSwap) {
            return switch (pool) {
                case ConstantProductPool p -> afterSwap ? V2_EXTRA_HOP : V2_HOP;
                case ConcentratedPool p -> (afterSwap ? V3_EXTRA_HOP : V3_HOP) + V3_TICK * ticksCrossed;
                case StablePool p -> STABLE_HOP;
                case UniswapV4Pool p -> (afterSwap ? V4_EXTRA_HOP : V4_HOP) + V3_TICK * ticksCrossed;
                case WeightedPool p -> BALANCER_WEIGHTED_HOP;
                case ComposableStablePool p -> BALANCER_STABLE_HOP;
            };
        }

        @Override
        public long bridge(BridgeLane lane, boolean afterSwap) {
            return lane.gasUnits();
        }

        @Override
        public long route(boolean nativeIn, boolean nativeOut, boolean integratorFee) {
            return 0;
        }

        @Override
        public long permitPull() {
            return PERMIT2_PULL;
        }

        @Override
        public String toString() {
            return "generic";
        }
    };

    /**
     * Gas units of one swap step.
     *
     * @param pool the pool swapped through
     * @param ticksCrossed initialized ticks its swap crosses (V3; 0 otherwise)
     * @param afterSwap whether a swap precedes this step in the same transaction
     */
    long swap(Pool pool, int ticksCrossed, boolean afterSwap);

    /**
     * Gas units of a swap step that spends the route's native input itself (a pool holding native as its currency,
     * the route's first step): it replaces both {@link #swap} and the route's wrap, so {@link #route} is then asked
     * without {@code nativeIn}. By default {@link #swap} (a model without a wrap figure).
     */
    default long swapNativeIn(Pool pool, int ticksCrossed) {
        return swap(pool, ticksCrossed, false);
    }

    /**
     * Gas units of a swap step that pays native itself (the route's last step), sent on to the receiver: it replaces
     * both {@link #swap} and the route's unwrap. By default {@link #swap}.
     */
    default long swapNativeOut(Pool pool, int ticksCrossed, boolean afterSwap) {
        return swap(pool, ticksCrossed, afterSwap);
    }

    /**
     * Gas units of a bridge deposit step on its source chain.
     *
     * @param lane the lane bridged over
     * @param afterSwap whether a swap precedes the deposit in the same transaction
     */
    long bridge(BridgeLane lane, boolean afterSwap);

    /**
     * Gas units Junction's relayer spends on {@code lane}'s destination chain to redeem a deposit carrying a route's
     * destination leg, besides the leg's steps and the destination call: present for a bridge whose leg Junction's
     * relayer runs, paid from the deposit (CCTP V1: the protocol room's figure), which the planner charges to the
     * bridge step with the leg's steps and the call at the destination's gas price; empty (the default, and the
     * sandbox's generic model: its network runs legs itself) when the bridge's own delivery pays it.
     */
    default OptionalLong legRedeemGas(BridgeLane lane) {
        return OptionalLong.empty();
    }

    /**
     * Gas units of a route's source transaction besides its steps (the transaction's base, calldata and the router's
     * fixed work, and the integrator fee transfer, native wrap and unwrap when the route has them).
     */
    long route(boolean nativeIn, boolean nativeOut, boolean integratorFee);

    /**
     * Gas units a gasless route adds by taking its input through a signed Permit2 permit (the signature check, the
     * nonce bit and Permit2's transfer) instead of an approval.
     */
    long permitPull();

    /**
     * Gas units a split route adds besides its legs' steps (each leg's steps count as a path of their own): the
     * split's fixed work and each leg's.
     *
     * @param legs the split's parallel legs, >= 2
     */
    default long split(int legs) {
        return SPLIT + SPLIT_LEG * legs;
    }

    /** Gas units of one swap step under the generic model (the sandbox's figures). */
    static long swapGas(Pool pool, SwapQuote quote, boolean extraHop) {
        return GENERIC.swap(pool, quote.ticksCrossed(), extraHop);
    }
}
