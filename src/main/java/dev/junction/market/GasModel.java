package dev.junction.market;

/**
 * Gas units per step kind, as routers commonly estimate them.
 */
public final class GasModel {

    /** First Uniswap V2-style hop. */
    public static final long V2_HOP = 135_000;
    /** Each further V2 hop in the same call. */
    public static final long V2_EXTRA_HOP = 50_000;
    /** First V3 hop, before ticks crossed. */
    public static final long V3_HOP = 100_000;
    /** Each initialized tick crossed in a V3 swap. */
    public static final long V3_TICK = 31_000;
    /** Each further V3 hop. */
    public static final long V3_EXTRA_HOP = 80_000;
    /** A Curve stable swap. */
    public static final long STABLE_HOP = 180_000;
    /** An ERC-20 approve. */
    public static final long APPROVE = 46_000;

    private GasModel() {
    }

    /**
     * Gas units of one swap step.
     *
     * @param pool the pool swapped through
     * @param quote its quote (for V3 ticks crossed)
     * @param extraHop whether a swap already precedes this one in the same transaction
     */
    public static long swapGas(Pool pool, SwapQuote quote, boolean extraHop) {
        return switch (pool) {
            case ConstantProductPool p -> extraHop ? V2_EXTRA_HOP : V2_HOP;
            case ConcentratedPool p -> (extraHop ? V3_EXTRA_HOP : V3_HOP) + V3_TICK * quote.ticksCrossed();
            case StablePool p -> STABLE_HOP;
        };
    }
}
