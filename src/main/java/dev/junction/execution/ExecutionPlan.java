package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything the executor needs to carry out one accepted swap; it does not depend on how the route was found.
 * Steps run in order: swaps on the source chain, at most one bridge, swaps on the destination chain. A split route
 * (first step a {@link PlanStep.Leg}) is its legs one after the other on the source chain, each a leg step and at
 * least one swap, the shares summing to 10000, as the router checks them; a cross-chain route's swaps after the bridge
 * may be legs alike (their shares of what the bridge delivers).
 *
 * @param kind who sends the source transaction
 * @param routeKind shape of the route; must agree with the steps
 * @param provider key of the bridge, or of the DEX of a same-chain swap (shown by GET /status)
 * @param sender the wallet whose funds move (the status lookup's {@code userAddress})
 * @param receiver who receives the output on the destination chain
 * @param fromChain source chain
 * @param fromToken token sold on the source chain
 * @param toChain destination chain
 * @param toToken token bought on the destination chain
 * @param amountIn input, fromToken smallest units, > 0
 * @param minAmountOut least output the user accepts, toToken smallest units
 * @param deadline the swap must be executed (source transaction sent) before this instant, in simulation time
 * @param reference optional caller reference (e.g. a gasless quote id); a second submission with the same reference
 *     returns the first swap instead of creating another. Null when none.
 * @param steps the route, non-empty
 */
public record ExecutionPlan(SwapKind kind, RouteKind routeKind, String provider, Address sender, Address receiver,
        ChainId fromChain, Address fromToken, ChainId toChain, Address toToken, Amount amountIn, Amount minAmountOut,
        Instant deadline, String reference, List<PlanStep> steps) {

    public ExecutionPlan {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(routeKind, "routeKind");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(fromChain, "fromChain");
        Objects.requireNonNull(fromToken, "fromToken");
        Objects.requireNonNull(toChain, "toChain");
        Objects.requireNonNull(toToken, "toToken");
        Objects.requireNonNull(amountIn, "amountIn");
        Objects.requireNonNull(minAmountOut, "minAmountOut");
        Objects.requireNonNull(deadline, "deadline");
        if (provider == null || provider.isBlank()) {
            throw new IllegalArgumentException("a plan needs a provider");
        }
        if (amountIn.isZero()) {
            throw new IllegalArgumentException("a plan's amountIn must be > 0");
        }
        if (steps == null || steps.isEmpty()) {
            throw new IllegalArgumentException("a plan needs at least one step");
        }
        steps = List.copyOf(steps);
        if (reference != null && (reference.isBlank() || reference.length() > 128)) {
            throw new IllegalArgumentException("a plan's reference must be 1 to 128 characters");
        }
        checkShape(routeKind, fromChain, toChain, steps);
        checkLegs(steps);
    }

    /** Whether the plan is a split route: its legs run on shares of the input (the first step is a leg step). */
    public boolean split() {
        return steps.getFirst() instanceof PlanStep.Leg;
    }

    /** Whether the plan crosses chains. */
    public boolean crossChain() {
        return !fromChain.equals(toChain);
    }

    /** The bridge step, or null for a same-chain swap. */
    public PlanStep.Bridge bridge() {
        return steps.stream().filter(PlanStep.Bridge.class::isInstance).map(PlanStep.Bridge.class::cast).findFirst()
                .orElse(null);
    }

    /**
     * Each segment (the steps before the bridge, the steps after it) is either unsplit or its legs: a leg step starts
     * the segment, every leg step is followed by a swap and the segment's shares sum to 10000.
     */
    private static void checkLegs(List<PlanStep> steps) {
        int shares = 0;
        boolean legs = steps.getFirst() instanceof PlanStep.Leg;
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i) instanceof PlanStep.Leg leg) {
                if (!legs) {
                    throw new IllegalArgumentException("a leg step only starts a leg of a split route (step " + i + ")");
                }
                if (i + 1 == steps.size() || !(steps.get(i + 1) instanceof PlanStep.Swap)) {
                    throw new IllegalArgumentException("ZeroAmount: the leg at step " + i + " has no swap");
                }
                shares += leg.shareBps();
            } else if (steps.get(i) instanceof PlanStep.Bridge) {
                checkShares(legs, shares);
                legs = i + 1 < steps.size() && steps.get(i + 1) instanceof PlanStep.Leg;
                shares = 0;
            }
        }
        checkShares(legs, shares);
    }

    private static void checkShares(boolean legs, int shares) {
        if (legs && shares != PlanStep.Leg.WHOLE) {
            throw new IllegalArgumentException("InvalidShares(" + shares + "): the legs' shares sum to " + shares
                    + " bps, not 10000");
        }
    }

    private static void checkShape(RouteKind routeKind, ChainId fromChain, ChainId toChain, List<PlanStep> steps) {
        long bridges = steps.stream().filter(PlanStep.Bridge.class::isInstance).count();
        long swaps = steps.size() - bridges;
        boolean sameChain = fromChain.equals(toChain);
        boolean ok = switch (routeKind) {
            case SAME_CHAIN_SWAP -> sameChain && bridges == 0;
            case BRIDGE -> !sameChain && bridges == 1 && swaps == 0;
            case CROSS_CHAIN_SWAP -> !sameChain && bridges == 1 && swaps > 0;
        };
        if (!ok) {
            throw new IllegalArgumentException("the steps do not form a " + routeKind.wire() + " route");
        }
        ChainId at = fromChain;
        for (PlanStep s : steps) {
            if (!s.chain().equals(at)) {
                throw new IllegalArgumentException("step on chain " + s.chain() + " follows a step ending on " + at);
            }
            if (s instanceof PlanStep.Bridge b) {
                at = b.toChain();
            }
        }
        if (!at.equals(toChain)) {
            throw new IllegalArgumentException("the steps end on chain " + at + ", not on toChain " + toChain);
        }
    }
}
