package dev.junction.execution.network;

import dev.junction.chain.Address;
import dev.junction.execution.PlanStep;
import dev.junction.market.BridgeLane;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.SwapQuote;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The calls of one chain transaction run against one market snapshot: the swaps in order with the exact pool math
 * (each swap takes the previous one's actual output; a split route's legs each on their share of the input, their
 * outputs summed), the transaction's minimum, then the bridge deposit with the lane's
 * fee model and bounds. Pure: it reads the snapshot and returns the pools as they would be after the swaps; it never
 * changes the market. {@link EmbeddedNetwork} commits a successful run with {@code Market.update}; the dry run
 * ({@code Simulator}) only reads it.
 */
public final class ChainRun {

    private ChainRun() {
    }

    /**
     * Why a run stopped.
     *
     * @param call index of the failing call: the swaps in order, then the bridge (index {@code swaps.size()});
     *     -1 when every swap met its own minimum but the last output is below the transaction's minimum
     * @param bridge whether the bridge deposit failed (a bridge failure always reverts; a swap shortfall may fall back)
     * @param reason what failed, with the amounts (smallest units)
     */
    public record Failure(int call, boolean bridge, String reason) {
    }

    /**
     * The outcome of a run.
     *
     * @param failure null when every call succeeded
     * @param outputs actual output of each call that ran, in order (swaps, then the bridge's delivered amount)
     * @param moved pools after the swaps (empty on failure: nothing moves)
     * @param token token the transaction ends with: the bridge's output token, or the last swap's output
     * @param amount amount of {@code token}: delivered by the bridge, or the last swap's output
     * @param deposited amount deposited into the bridge (null without one)
     * @param lane the bridge's lane (null without one)
     */
    public record Result(Failure failure, List<BigInteger> outputs, List<Pool> moved, Address token,
            BigInteger amount, BigInteger deposited, BridgeLane lane) {

        public boolean ok() {
            return failure == null;
        }
    }

    /**
     * Runs {@code t}'s calls on {@code snapshot} (exceptions of the pool math propagate, as they do on the network). A
     * split route's legs run as the router runs them: leg {@code i} on {@code floor(input * shareBps / 10000)}, the last
     * on the remainder, one after the other (a pool two legs share is on the state the earlier leg left), their outputs
     * summed; the transaction's minimum applies to the sum. A leg step's output is the leg's input.
     */
    public static Result run(MarketSnapshot snapshot, ChainTx t) {
        Map<String, Pool> moved = new LinkedHashMap<>();
        List<BigInteger> outputs = new ArrayList<>();
        BigInteger input = t.amountIn().value();
        BigInteger amount = input;
        BigInteger left = input;
        BigInteger legsTotal = BigInteger.ZERO;
        Address token = t.tokenIn();
        List<PlanStep> swaps = t.swaps();
        for (int i = 0; i < swaps.size(); i++) {
            if (swaps.get(i) instanceof PlanStep.Leg leg) {
                legsTotal = i == 0 ? legsTotal : legsTotal.add(amount);
                amount = lastLeg(swaps, i) ? left
                        : input.multiply(BigInteger.valueOf(leg.shareBps())).divide(BigInteger.valueOf(PlanStep.Leg.WHOLE));
                if (amount.signum() == 0) {
                    return failed(new Failure(i, false, "gets no input from " + input + " at " + leg.shareBps()
                            + " bps (ZeroAmount)"), outputs);
                }
                left = left.subtract(amount);
                outputs.add(amount);
                continue;
            }
            PlanStep.Swap s = (PlanStep.Swap) swaps.get(i);
            Pool pool = moved.containsKey(s.poolId()) ? moved.get(s.poolId()) : snapshot.pool(s.poolId())
                    .orElseThrow(() -> new IllegalStateException("no pool " + s.poolId() + " in the market"));
            SwapQuote q = pool.quote(s.tokenIn(), s.tokenOut(), amount);
            String short_ = q.amountIn().compareTo(amount) != 0
                    ? "fills only " + q.amountIn() + " of its input " + amount + " (not enough liquidity)"
                    : q.amountOut().signum() == 0 ? "returns nothing for " + amount
                    : q.amountOut().compareTo(s.minAmountOut().value()) < 0
                    ? "returns " + q.amountOut() + " below its minimum " + s.minAmountOut() : null;
            if (short_ != null) {
                return failed(new Failure(i, false, short_), outputs);
            }
            moved.put(pool.id(), pool.afterSwap(s.tokenIn(), s.tokenOut(), amount));
            amount = q.amountOut();
            token = s.tokenOut();
            outputs.add(amount);
        }
        if (!swaps.isEmpty() && swaps.getFirst() instanceof PlanStep.Leg) {
            amount = legsTotal.add(amount);
        }
        if (!swaps.isEmpty() && amount.compareTo(t.minAmountOut().value()) < 0) {
            return failed(new Failure(-1, false, "the swaps return " + amount + " below the minimum output "
                    + t.minAmountOut()), outputs);
        }
        PlanStep.Bridge b = t.bridge();
        if (b == null) {
            return new Result(null, outputs, List.copyOf(moved.values()), token, amount, null, null);
        }
        Optional<BridgeLane> lane = lane(snapshot, b);
        BigInteger deposit = amount;
        BigInteger delivered = lane.map(l -> EmbeddedNetwork.bridged(snapshot, l, b, deposit)).orElse(BigInteger.ZERO);
        String failure = lane.isEmpty() ? "has no lane " + b.inputToken() + " -> " + b.outputToken()
                : delivered.signum() <= 0 ? "fees take the whole deposit " + deposit
                : delivered.compareTo(b.minAmountOut().value()) < 0
                ? "delivers " + delivered + " below its minimum " + b.minAmountOut()
                : deposit.compareTo(lane.get().minAmount()) < 0
                ? "deposit " + deposit + " is below the lane's minimum " + lane.get().minAmount()
                : deposit.compareTo(lane.get().capacity()) > 0
                ? "deposit " + deposit + " is above the lane's capacity " + lane.get().capacity() : null;
        if (failure != null) {
            return failed(new Failure(swaps.size(), true, failure), outputs);
        }
        outputs.add(delivered);
        return new Result(null, outputs, List.copyOf(moved.values()), b.outputToken(), delivered, deposit, lane.get());
    }

    /** Whether the leg step at {@code i} starts the last leg. */
    private static boolean lastLeg(List<PlanStep> calls, int i) {
        return calls.subList(i + 1, calls.size()).stream().noneMatch(PlanStep.Leg.class::isInstance);
    }

    private static Result failed(Failure f, List<BigInteger> outputs) {
        return new Result(f, List.copyOf(outputs), List.of(), null, BigInteger.ZERO, null, null);
    }

    /** The market's lane for a bridge step (provider, chains and tokens). */
    static Optional<BridgeLane> lane(MarketSnapshot s, PlanStep.Bridge b) {
        return s.lanes().stream().filter(l -> l.provider().equalsIgnoreCase(b.provider())
                && l.fromChain().equals(b.chain()) && l.toChain().equals(b.toChain())
                && l.inputToken().equals(b.inputToken()) && l.outputToken().equals(b.outputToken())).findFirst();
    }
}
