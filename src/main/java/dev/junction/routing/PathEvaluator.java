package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.market.Chain;
import dev.junction.market.SwapQuote;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates a path exactly: pool math for swaps, the bridge fee model for bridges, amounts chained step to step, and
 * every route-level figure derived from the steps. One evaluator serves the candidates of one request: the request's
 * integrator fee, the amount after it and their USD values are computed once here, not for every candidate (each a
 * BigInteger multiplication and division or a BigDecimal conversion).
 */
final class PathEvaluator {

    private final RouteGraph graph;
    private final QuoteMemo memo;
    private final RouteRequest request;
    private final BigInteger integratorFee;
    private final BigInteger amountAfterFee;
    /** The request's amount and integrator fee in USD, at fromToken's reference price. */
    private final double amountUsd;
    private final double integratorFeeUsd;

    PathEvaluator(RouteGraph graph, QuoteMemo memo, RouteRequest request) {
        this.graph = graph;
        this.memo = memo;
        this.request = request;
        this.integratorFee = request.integratorFee();
        this.amountAfterFee = request.amount().subtract(integratorFee);
        Token fromToken = graph.tokens[graph.node(request.fromChain(), request.fromToken())];
        this.amountUsd = fromToken.usd(request.amount());
        this.integratorFeeUsd = fromToken.usd(integratorFee);
    }

    /**
     * The path evaluated as far as ranking it needs (its exact steps, gas and net value), or null when a step cannot
     * carry the amount or the path delivers nothing (noted in diagnostics). {@link Candidate#route()} completes it.
     */
    Candidate evaluate(Edge[] path, Diagnostics diagnostics) {
        diagnostics.evaluated++;
        List<RouteStep> steps = new ArrayList<>(path.length);
        if (!walk(path, 0, amountAfterFee, false, steps, diagnostics)) {
            return null;
        }
        return route(steps);
    }

    /** Most evaluations of a relayed leg's steps before its charge is taken as it stands ({@link #relayedBridge}). */
    static final int LEG_GAS_PASSES = 3;

    /**
     * Evaluates {@code path} from step {@code from} on {@code amount}, appending to {@code steps}; false when a step
     * cannot carry its amount or delivers nothing (noted in diagnostics).
     */
    private boolean walk(Edge[] path, int from, BigInteger amount, boolean sameTx, List<RouteStep> steps,
            Diagnostics diagnostics) {
        for (int i = from; i < path.length; i++) {
            Edge e = path[i];
            if (e.isBridge() && relayedLeg(path, i)) {
                return relayedBridge(path, i, amount, sameTx, steps, diagnostics);
            }
            RouteStep step = e.isBridge() ? bridge(e, amount, sameTx, diagnostics, null)
                    : swap(e, amount, sameTx, i == 0, i == path.length - 1, diagnostics);
            if (step == null) {
                return false;
            }
            steps.add(step);
            sameTx = !e.isBridge();
            amount = step.toAmount();
        }
        return true;
    }

    /**
     * Whether the bridge at {@code i} is followed by a destination leg or call that Junction's relayer runs: its lane
     * has a redeem figure ({@link QuoteMemo#legRedeemGas}) and steps follow it or the request's call runs on its
     * destination.
     */
    private boolean relayedLeg(Edge[] path, int i) {
        Edge e = path[i];
        return (i < path.length - 1 || memo.callOn(e.lane.toChain())) && memo.legRedeemGas(e.lane).isPresent();
    }

    /**
     * A bridge whose destination leg Junction's relayer runs, and the rest of the path: the bridge is charged its
     * redeem, the call and the gas of the leg's steps (up to and including a next bridge's deposit), which are
     * evaluated on what the bridge delivers after that charge, so the charge is found by passes: the first charges
     * the leg's steps nothing, each next one the steps' gas of the pass before, until a pass's steps cost what it
     * charged them (usually the second: fewer ticks crossed on a slightly smaller amount is what can move it) or
     * {@link #LEG_GAS_PASSES} passes were made.
     */
    private boolean relayedBridge(Edge[] path, int i, BigInteger amount, boolean sameTx, List<RouteStep> steps,
            Diagnostics diagnostics) {
        int mark = steps.size();
        long charged = 0;
        for (int pass = 1;; pass++) {
            RouteStep bridge = bridge(path[i], amount, sameTx, diagnostics, charged);
            if (bridge == null) {
                return false;
            }
            steps.add(bridge);
            if (!walk(path, i + 1, bridge.toAmount(), false, steps, diagnostics)) {
                return false;
            }
            long legGas = legStepsGas(steps, mark + 1);
            if (legGas == charged || pass == LEG_GAS_PASSES) {
                return true;
            }
            charged = legGas;
            steps.subList(mark, steps.size()).clear();
        }
    }

    /** The gas of the steps from {@code from} up to and including the next bridge (a leg's steps on one chain). */
    static long legStepsGas(List<RouteStep> steps, int from) {
        long units = 0;
        for (int j = from; j < steps.size(); j++) {
            units = Math.addExact(units, steps.get(j).gasUnits());
            if (steps.get(j).kind() == StepKind.BRIDGE) {
                break;
            }
        }
        return units;
    }

    /**
     * A swap step; {@code first} / {@code last}: the route's first / last step, which move native themselves through a
     * Uniswap V4 native-currency pool ({@link NativeSteps}), priced by the router's native rows.
     */
    private RouteStep swap(Edge e, BigInteger amountIn, boolean extraHop, boolean first, boolean last,
            Diagnostics diagnostics) {
        SwapQuote q = memo.quote(e.pool, e.poolIn, e.poolOut, amountIn);
        if (q.amountIn().compareTo(amountIn) < 0) {
            diagnostics.poolsExhausted++;
            return null;
        }
        if (q.amountOut().signum() <= 0) {
            diagnostics.feesExceeded++;
            return null;
        }
        Token from = graph.tokens[e.from];
        Token to = graph.tokens[e.to];
        long gas;
        if (first && NativeSteps.nativeCurrency(from, e.pool, e.poolIn)) {
            gas = graph.snapshot.gas().swapNativeIn(e.pool, q.ticksCrossed());
        } else if (last && NativeSteps.nativeCurrency(to, e.pool, e.poolOut)) {
            gas = graph.snapshot.gas().swapNativeOut(e.pool, q.ticksCrossed(), extraHop);
        } else {
            gas = graph.snapshot.gas().swap(e.pool, q.ticksCrossed(), extraHop);
        }
        return new RouteStep(StepKind.SWAP, e.provider, from.chain(), from.chain(), to.chain(), from, to, amountIn,
                q.amountOut(), q.lpFee(), BigInteger.ZERO, gas, e.seconds, e.p90Seconds, e.pool, null, e.poolIn,
                e.poolOut);
    }

    /**
     * A bridge step; {@code legStepsGas}: null for a bridge whose destination needs no relayed leg, else the gas of the
     * leg's steps charged with its redeem ({@link QuoteMemo#bridgeWithLeg}).
     */
    private RouteStep bridge(Edge e, BigInteger amountIn, boolean afterSwap, Diagnostics diagnostics,
            Long legStepsGas) {
        Token from = graph.tokens[e.from];
        Token to = graph.tokens[e.to];
        if (amountIn.compareTo(e.lane.minAmount()) < 0) {
            diagnostics.belowMinimum(e.lane, from, amountIn);
            return null;
        }
        if (amountIn.compareTo(e.lane.capacity()) > 0) {
            diagnostics.aboveCapacity(e.lane, from, amountIn);
            return null;
        }
        BridgeFee fee = legStepsGas == null ? memo.bridge(e.lane, from, to, amountIn)
                : memo.bridgeWithLeg(e.lane, from, to, amountIn, legStepsGas);
        if (fee.amountOut().signum() <= 0) {
            diagnostics.feesExceeded++;
            return null;
        }
        return new RouteStep(StepKind.BRIDGE, e.provider, from.chain(), from.chain(), to.chain(), from, to, amountIn,
                fee.amountOut(), BigInteger.ZERO, fee.fee(), afterSwap ? e.gasUnitsAfterSwap : e.gasUnits, e.seconds,
                e.p90Seconds, null, e.lane, null, null);
    }

    /** The figures of a route of these exact steps (a split route's legs, simulated by {@link SplitPlanner}). */
    Candidate route(List<RouteStep> steps) {
        Chain source = graph.snapshot.chain(steps.getFirst().fromToken().chain()).orElseThrow();
        // source-chain gas: the route's fixed part and the steps up to and including the first bridge
        boolean bridged = false;
        int sourceSteps = 0;
        for (RouteStep s : steps) {
            sourceSteps++;
            if (s.kind() == StepKind.BRIDGE) {
                bridged = true;
                break;
            }
        }
        // a first / last step moving native itself (NativeSteps) already counts what the wrap / unwrap would cost
        boolean nativeIn = steps.getFirst().fromToken().address().equals(Address.NATIVE)
                && !NativeSteps.nativeIn(steps, 0);
        boolean nativeOut = !bridged && steps.getLast().toToken().address().equals(Address.NATIVE)
                && !NativeSteps.nativeOut(steps, steps.size() - 1);
        long fixed = graph.snapshot.gas().route(nativeIn, nativeOut, integratorFee.signum() > 0);
        if (steps.getFirst().leg() != null) {
            // the source segment's legs (a split after the bridge runs on the destination chain, paid by the filler)
            fixed += graph.snapshot.gas().split(steps.get(sourceSteps - (bridged ? 2 : 1)).leg().index() + 1);
        }
        BigInteger gasLimit = gasLimit(steps, sourceSteps, fixed);
        return new Candidate(steps, gasLimit, gasLimit.multiply(source.gasPriceWei()),
                graph.snapshot.nativeToken(source), source.router());
    }

    /**
     * A path evaluated exactly, with what the modes rank by, the same figures {@link PlannedRoute} derives from its
     * steps. A request's search yields up to 16 candidates and answers with at most 5 routes: ranking candidates and
     * completing only the routes kept ({@link #route()}: the path fee, the providers, the other USD values) saves the
     * rest of that work for the candidates dropped.
     */
    final class Candidate {

        final List<RouteStep> steps;
        private final BigInteger gasLimit;
        private final BigInteger gasFee;
        private final Token gasToken;
        private final Address routeAddress;
        /** {@link PlannedRoute#netValueUsd()} of the route this completes to. */
        final double netValueUsd;
        /** {@link PlannedRoute#pathTime()} of the route this completes to. */
        final int pathTime;
        private final BigInteger amountOut;

        private Candidate(List<RouteStep> steps, BigInteger gasLimit, BigInteger gasFee, Token gasToken,
                Address routeAddress) {
            this.steps = steps;
            this.gasLimit = gasLimit;
            this.gasFee = gasFee;
            this.gasToken = gasToken;
            this.routeAddress = routeAddress;
            boolean split = PlannedRoute.split(steps);
            this.amountOut = split ? PlannedRoute.amountOut(steps) : steps.getLast().toAmount();
            this.netValueUsd = steps.getLast().toToken().usd(amountOut) - gasToken.usd(gasFee);
            int seconds = 0;
            for (RouteStep s : steps) {
                seconds += s.estimatedSeconds();
            }
            this.pathTime = split ? PlannedRoute.legSeconds(steps, false) : seconds;
        }

        BigInteger amountOut() {
            return amountOut;
        }

        BigInteger gasFee() {
            return gasFee;
        }

        /** The request's amount in USD, as every route of the request has it. */
        double amountUsd() {
            return amountUsd;
        }

        /** The whole route ({@link PlannedRoute#of}); its net value and path time are this candidate's. */
        PlannedRoute route() {
            return PlannedRoute.of(request.amount(), integratorFee, steps, pathFee(amountAfterFee, steps), gasLimit,
                    gasFee, gasToken, routeAddress, amountUsd, integratorFeeUsd);
        }
    }

    /**
     * The gas units of the first {@code count} steps plus the route's fixed part, summed in a long (checked) rather than
     * in a BigInteger per step, which allocated several numbers per evaluated candidate; on a long overflow, which no
     * real gas figure reaches, in BigInteger as before. The same exact sum either way.
     */
    static BigInteger gasLimit(List<RouteStep> steps, int count, long fixedUnits) {
        try {
            long units = fixedUnits;
            for (int i = 0; i < count; i++) {
                units = Math.addExact(units, steps.get(i).gasUnits());
            }
            return BigInteger.valueOf(units);
        } catch (ArithmeticException overflow) {
            BigInteger units = BigInteger.valueOf(fixedUnits);
            for (int i = 0; i < count; i++) {
                units = units.add(BigInteger.valueOf(steps.get(i).gasUnits()));
            }
            return units;
        }
    }

    /**
     * Sum over steps of fee_i * a0 / fromAmount_i as one exact fraction, floored once. A step that spends exactly a0
     * (the first step always does) adds the whole number fee_i, so it stays out of the fraction: floor(w + x) = w +
     * floor(x) for an integer w. The fraction's denominator is then the product of the other steps' inputs only, and a
     * route whose only fee-bearing step is the first needs no division at all (this sum was 6% of the planner's CPU
     * and a tenth of its bytes, mostly in products that grew with every step).
     */
    static BigInteger pathFee(BigInteger a0, List<RouteStep> steps) {
        if (bridgedSplit(steps)) {
            return crossChainSplitFee(a0, steps);
        }
        if (steps.getFirst().leg() != null) {
            // a split: each leg's fees valued against the leg's own input, summed
            BigInteger sum = BigInteger.ZERO;
            int start = 0;
            for (int i = 0; i < steps.size(); i++) {
                if (PlannedRoute.endsLeg(steps, i)) {
                    List<RouteStep> leg = steps.subList(start, i + 1);
                    sum = sum.add(pathFee(leg.getFirst().fromAmount(), leg.stream().map(s -> s.inLeg(null)).toList()));
                    start = i + 1;
                }
            }
            return sum;
        }
        BigInteger whole = BigInteger.ZERO;
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        for (RouteStep s : steps) {
            BigInteger fee = s.totalFee();
            if (fee.signum() == 0) {
                continue;
            }
            BigInteger from = s.fromAmount();
            if (from.equals(a0) && a0.signum() > 0) {
                whole = whole.add(fee);
                continue;
            }
            // num / den + fee / from, with a0 applied once at the end
            num = num.multiply(from).add(fee.multiply(den));
            den = den.multiply(from);
        }
        return num.signum() == 0 ? whole : whole.add(num.multiply(a0).divide(den));
    }

    /** Whether the steps are a split that crosses a bridge (a cross-chain route with a split segment). */
    private static boolean bridgedSplit(List<RouteStep> steps) {
        boolean leg = false;
        boolean bridge = false;
        for (RouteStep s : steps) {
            leg |= s.leg() != null;
            bridge |= s.kind() == StepKind.BRIDGE;
        }
        return leg && bridge;
    }

    /**
     * {@link #pathFee} of a cross-chain route with a split segment: a step's fee is valued in fromToken units as on a
     * single path, with the amount that produced its input taken per segment: a step of a leg that spends {@code L} of
     * its segment's input {@code T} (the amount after the fee on the source chain, the bridge's output after it) has
     * its fee scaled by {@code L / fromAmount} within the leg and by {@code a0 / T} for the segments before; one exact
     * fraction, floored once.
     */
    private static BigInteger crossChainSplitFee(BigInteger a0, List<RouteStep> steps) {
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        // the input of the current segment: a0 on the source chain, the bridge's output after it (a split segment
        // starts the route or follows the bridge)
        BigInteger segmentInput = a0;
        BigInteger legInput = null;
        for (int i = 0; i < steps.size(); i++) {
            RouteStep s = steps.get(i);
            if (s.leg() != null && (i == 0 || steps.get(i - 1).leg() == null
                    || steps.get(i - 1).leg().index() != s.leg().index())) {
                legInput = s.fromAmount();
            }
            BigInteger fee = s.totalFee();
            BigInteger n;
            BigInteger d;
            if (s.leg() != null) {
                // fee * (legInput / fromAmount) in segment-input units, times a0 / segmentInput
                n = fee.multiply(legInput).multiply(a0);
                d = s.fromAmount().multiply(segmentInput);
            } else {
                n = fee.multiply(a0);
                d = s.fromAmount();
            }
            if (fee.signum() != 0 && d.signum() > 0) {
                num = num.multiply(d).add(n.multiply(den));
                den = den.multiply(d);
            }
            if (s.kind() == StepKind.BRIDGE) {
                segmentInput = s.toAmount();
            }
        }
        return num.divide(den);
    }
}
