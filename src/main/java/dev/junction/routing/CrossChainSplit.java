package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.SwapQuote;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits the swap segments of a cross-chain route (the swaps before its one bridge, the swaps after it, or both) by
 * the same gas-aware rule as a same-chain split ({@link SplitPlanner}), the bridge staying one step. Each segment is
 * planned as a same-chain request of its own (the segment's tokens on its chain, its input: the amount after the fee
 * before the bridge, the bridge's output after it): the search's single paths, then the split of them, kept only when
 * it beats that segment's best single path in output and net of the extra gas at its chain's gas price. The bridge is
 * re-evaluated on what the source segment now delivers and an unsplit destination segment on what the bridge now
 * delivers. The composed route competes with the route it came from and is kept only if its output and its net value
 * beat it.
 */
final class CrossChainSplit {

    private final RouteGraph graph;
    private final PlannerSettings settings;
    private final QuoteMemo memo;
    private final RouteRequest request;

    CrossChainSplit(RouteGraph graph, PlannerSettings settings, QuoteMemo memo, RouteRequest request) {
        this.graph = graph;
        this.settings = settings;
        this.memo = memo;
        this.request = request;
    }

    /**
     * The route's steps with its source segment, destination segment or both split, or null when neither splits (or the
     * route does not cross exactly one bridge with swaps beside it).
     *
     * @param single the route's exactly evaluated steps
     */
    List<RouteStep> plan(List<RouteStep> single) {
        int bridge = -1;
        for (int i = 0; i < single.size(); i++) {
            if (single.get(i).kind() == StepKind.BRIDGE) {
                if (bridge >= 0) {
                    return null;
                }
                bridge = i;
            }
        }
        if (bridge < 0 || single.size() == 1 || PlannedRoute.split(single)) {
            return null;
        }
        RouteStep crossing = single.get(bridge);
        List<RouteStep> source = single.subList(0, bridge);
        List<RouteStep> sourceSplit = source.isEmpty() ? null
                : segment(crossing.chain(), request.fromToken(), crossing.fromToken().address(),
                        source.getFirst().fromAmount(), source);
        List<RouteStep> out = new ArrayList<>(sourceSplit != null ? sourceSplit : source);
        BigInteger bridgeIn = sourceSplit != null ? PlannedRoute.amountOut(sourceSplit) : crossing.fromAmount();
        RouteStep bridged = sourceSplit != null ? bridge(crossing, bridgeIn, single, bridge) : crossing;
        if (bridged == null) {
            return null;
        }
        out.add(bridged);
        List<RouteStep> destination = single.subList(bridge + 1, single.size());
        List<RouteStep> destinationSplit = destination.isEmpty() ? null
                : segment(crossing.toChain(), crossing.toToken().address(), request.toToken(), bridged.toAmount(),
                        destination);
        if (sourceSplit == null && destinationSplit == null) {
            return null;
        }
        if (destinationSplit != null) {
            out.addAll(destinationSplit);
        } else {
            List<RouteStep> requoted = requote(destination, bridged.toAmount());
            if (requoted == null) {
                return null;
            }
            out.addAll(requoted);
        }
        return out;
    }

    /**
     * The split of one segment planned as a same-chain request of {@code input} from {@code from} to {@code to} on
     * {@code chain}, or null when it stays single-path. The search runs only when the segment's own path passes the
     * split gate at this input ({@link SplitPlanner#worthSearching}): most cross-chain trades are small, and their
     * segments' searches would cost a planner run each for nothing.
     *
     * @param existing the route's steps of this segment (single path)
     */
    private List<RouteStep> segment(ChainId chain, Address from, Address to, BigInteger input,
            List<RouteStep> existing) {
        Integer source = graph.node(chain, from);
        Integer target = graph.node(chain, to);
        if (source == null || target == null || graph.group[source] == graph.group[target]) {
            return null;
        }
        RouteRequest sub = new RouteRequest(chain, from, chain, to, input, 0, request.providers(), false,
                RouteMode.MAX_VALUE);
        PathEvaluator evaluator = new PathEvaluator(graph, memo, sub);
        SplitPlanner splits = new SplitPlanner(graph, memo, evaluator, settings.maxSplits());
        if (!splits.worthSearching(existing, input)) {
            return null;
        }
        Diagnostics diagnostics = new Diagnostics();
        Map<PathKey, PathEvaluator.Candidate> singles = new LinkedHashMap<>();
        for (Edge[] path : new CandidateSearch(graph, settings, memo).run(source, target, sub, diagnostics)) {
            PathEvaluator.Candidate c = evaluator.evaluate(path, diagnostics);
            if (c != null && c.amountOut().signum() > 0) {
                singles.putIfAbsent(new PathKey(c.steps), c);
            }
        }
        PathEvaluator.Candidate split = splits.plan(List.copyOf(singles.values()), input);
        return split == null ? null : split.steps;
    }

    /**
     * The bridge step on a new input, or null when the lane cannot carry it: charged as the request's memo charges it
     * (the destination call's gas; a relayed leg's redeem with the gas of the route's destination steps as they were).
     *
     * @param single the route's steps, the bridge at {@code at}
     */
    private RouteStep bridge(RouteStep b, BigInteger amountIn, List<RouteStep> single, int at) {
        if (amountIn.compareTo(b.lane().minAmount()) < 0 || amountIn.compareTo(b.lane().capacity()) > 0) {
            return null;
        }
        boolean leg = at < single.size() - 1 || memo.callOn(b.toChain());
        BridgeFee fee = leg && memo.legRedeemGas(b.lane()).isPresent()
                ? memo.bridgeWithLeg(b.lane(), b.fromToken(), b.toToken(), amountIn,
                        PathEvaluator.legStepsGas(single, at + 1))
                : memo.bridge(b.lane(), b.fromToken(), b.toToken(), amountIn);
        if (fee.amountOut().signum() <= 0) {
            return null;
        }
        return new RouteStep(StepKind.BRIDGE, b.provider(), b.chain(), b.fromChain(), b.toChain(), b.fromToken(),
                b.toToken(), amountIn, fee.amountOut(), BigInteger.ZERO, fee.fee(), b.gasUnits(), b.estimatedSeconds(),
                b.p90Seconds(), null, b.lane(), null, null);
    }

    /** An unsplit segment's swaps on a new input, each on its pool's starting state; null when a pool cannot fill. */
    private List<RouteStep> requote(List<RouteStep> swaps, BigInteger input) {
        List<RouteStep> out = new ArrayList<>(swaps.size());
        BigInteger amount = input;
        for (RouteStep s : swaps) {
            SwapQuote q = memo.quote(s.pool(), s.poolTokenIn(), s.poolTokenOut(), amount);
            if (q.amountIn().compareTo(amount) < 0 || q.amountOut().signum() <= 0) {
                return null;
            }
            out.add(new RouteStep(StepKind.SWAP, s.provider(), s.chain(), s.fromChain(), s.toChain(), s.fromToken(),
                    s.toToken(), amount, q.amountOut(), q.lpFee(), BigInteger.ZERO,
                    graph.snapshot.gas().swap(s.pool(), q.ticksCrossed(), s != swaps.getFirst()), s.estimatedSeconds(),
                    s.p90Seconds(), s.pool(), null, s.poolTokenIn(), s.poolTokenOut()));
            amount = q.amountOut();
        }
        return out;
    }
}
