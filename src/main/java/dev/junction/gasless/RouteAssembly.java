package dev.junction.gasless;

import dev.junction.calldata.BridgeCall;
import dev.junction.calldata.LegCall;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.RouteCalls;
import dev.junction.calldata.StepCall;
import dev.junction.calldata.SwapCall;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.PlanStep;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.routing.NativeSteps;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RouteStep;
import dev.junction.routing.Slippage;
import dev.junction.routing.StepKind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a planned route into what the gasless flow needs: per-step minimum outputs, the executor's steps, the router
 * call the executor sends, the readable plan, and the figures of the {@code quote} object.
 */
final class RouteAssembly {

    private final MarketSnapshot market;
    private final PlannedRoute route;
    private final List<BigInteger> minOuts;

    /**
     * @param amountOutMin the route's minimum output (slippage applied to its output); intermediate steps get the same
     *     slippage applied to their own quoted output
     */
    RouteAssembly(MarketSnapshot market, PlannedRoute route, Slippage slippage, BigInteger amountOutMin) {
        this.market = market;
        this.route = route;
        List<BigInteger> mins = new ArrayList<>();
        for (int i = 0; i < route.steps().size(); i++) {
            RouteStep s = route.steps().get(i);
            // a split's minimum is checked on the legs' total: each of its steps keeps its own slippage minimum
            boolean last = i == route.steps().size() - 1 && s.leg() == null;
            mins.add(last ? amountOutMin : slippage.minAmountOut(s.toAmount()));
        }
        this.minOuts = List.copyOf(mins);
    }

    /** The executor's steps, in order. */
    List<PlanStep> planSteps() {
        List<PlanStep> out = new ArrayList<>();
        for (int i = 0; i < route.steps().size(); i++) {
            RouteStep s = route.steps().get(i);
            Amount in = Amount.of(s.fromAmount());
            Amount min = Amount.of(minOuts.get(i));
            if (RouteCalls.startsLeg(route.steps(), i)) {
                out.add(new PlanStep.Leg(s.chain(), s.fromToken().address(),
                        RouteCalls.legsEnd(route.steps(), i).toToken().address(), s.leg().shareBps(), in));
            }
            out.add(s.kind() == StepKind.SWAP
                    ? new PlanStep.Swap(s.chain(), s.pool().id(), s.fromToken().address(), s.toToken().address(), in, min)
                    : new PlanStep.Bridge(s.provider().key(), s.fromChain(), s.toChain(), s.fromToken().address(),
                            s.toToken().address(), in, min));
        }
        return out;
    }

    /**
     * The router call the executor sends after pulling the input through Permit2 and keeping the fee: it spends
     * amountInAfterFee from the executor's own balance (acquisition mode 0), no integrator fee (already taken).
     */
    RouteCall routeCall(String quoteId, Chain source, Address receiver, Amount amountOutMin, long quotedAt,
            long deadline) {
        List<StepCall> steps = new ArrayList<>();
        for (int i = 0; i < route.steps().size(); i++) {
            RouteStep s = route.steps().get(i);
            Amount in = Amount.of(s.fromAmount());
            Amount quoted = Amount.of(s.toAmount());
            Amount min = Amount.of(minOuts.get(i));
            Address router = router(s.chain());
            if (RouteCalls.startsLeg(route.steps(), i)) {
                steps.add(new LegCall(s.chain(), router, s.poolTokenIn(), RouteCalls.legsEnd(route.steps(), i).poolTokenOut(),
                        s.leg().shareBps(), in));
            }
            steps.add(s.kind() == StepKind.SWAP
                    ? new SwapCall(s.pool(), router, s.poolTokenIn(), s.poolTokenOut(), in, quoted, min,
                            NativeSteps.nativeIn(route.steps(), i), NativeSteps.nativeOut(route.steps(), i))
                    : new BridgeCall(s.lane(), router, router(s.toChain()), in, quoted, min));
        }
        return new RouteCall(quoteId, source.id(), source.router(), source.gaslessExecutor(), receiver,
                route.fromToken().address(), Amount.of(route.amountAfterFee()), route.toToken().address(), amountOutMin,
                0, Address.ZERO, AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO, steps, quotedAt, deadline, deadline,
                route.gasLimit().longValueExact() + ExecutorGas.sourceExtraUnits(market.gas(), false));
    }

    /**
     * The route call Junction's relayer sends on a real chain: {@code executeRouteWithPermit} pulls the full
     * {@code amountIn} from the owner through Permit2 (acquisition mode 2 or 3), pays the relayer's fee through the
     * route's fee fields ({@code feeBps} of amountIn, floor, to {@code feeRecipient}) and runs the planned steps on
     * the rest; the route's deadline is the permit's.
     */
    RouteCall permitCall(String quoteId, Chain source, GaslessQuoteCommand cmd, Address receiver,
            Amount amountOutMin, int feeBps, Address feeRecipient, long quotedAt, long deadline) {
        RouteCall executorCall = routeCall(quoteId, source, receiver, amountOutMin, quotedAt, deadline);
        return new RouteCall(quoteId, source.id(), source.router(), cmd.sender(), receiver,
                route.fromToken().address(), cmd.amount(), route.toToken().address(), amountOutMin, feeBps,
                feeRecipient, AcquisitionMode.of(cmd.acquisitionMode()), cmd.destinationCallData(),
                cmd.destinationGasLimit(), executorCall.steps(), quotedAt, deadline, deadline,
                route.gasLimit().longValueExact() + ExecutorGas.sourceExtraUnits(market.gas(), feeBps > 0)
                        + cmd.destinationCallGas(), cmd.effectiveFallback());
    }

    private Address router(ChainId chain) {
        return market.chain(chain).map(Chain::router).orElse(null);
    }

    /** Readable steps: the Permit2 pull, the fee, then each swap and bridge. */
    List<GaslessQuote.PlanLine> lines(Address owner, Address executor, Amount amountIn, Amount feeAmount) {
        List<GaslessQuote.PlanLine> out = new ArrayList<>();
        Token in = route.fromToken();
        out.add(new GaslessQuote.PlanLine(1, "permit2Transfer", in.chain(), "permit2", in.address(), in.address(),
                amountIn, amountIn, "Permit2 moves " + amountIn + " " + in.symbol() + " from " + owner
                        + " to the gasless executor " + executor + " (the signed permit)"));
        Amount after = amountIn.minus(feeAmount);
        out.add(new GaslessQuote.PlanLine(2, "fee", in.chain(), "junction", in.address(), in.address(), feeAmount,
                feeAmount, "the executor keeps " + feeAmount + " " + in.symbol() + " for gas and fees; " + after
                        + " " + in.symbol() + " enter the route"));
        for (int i = 0; i < route.steps().size(); i++) {
            RouteStep s = route.steps().get(i);
            Amount min = Amount.of(minOuts.get(i));
            String text = s.kind() == StepKind.SWAP
                    ? "swap " + s.fromAmount() + " " + s.fromToken().symbol() + " for at least " + min + " "
                            + s.toToken().symbol() + " on " + s.provider().name() + " (pool " + s.pool().id()
                            + ", chain " + s.chain() + ")"
                    : "bridge " + s.fromAmount() + " " + s.fromToken().symbol() + " from chain " + s.fromChain()
                            + " to chain " + s.toChain() + " with " + s.provider().name() + ", at least " + min + " "
                            + s.toToken().symbol() + " arrive";
            out.add(new GaslessQuote.PlanLine(i + 3, s.kind() == StepKind.SWAP ? "swap" : "bridge", s.chain(),
                    s.provider().key(), s.fromToken().address(), s.toToken().address(), Amount.of(s.fromAmount()), min,
                    text));
        }
        return out;
    }

    /** The main DEX provider: the swap step moving the most USD; {@code junction} when the route has no swap. */
    String mainProvider() {
        return route.steps().stream().filter(s -> s.kind() == StepKind.SWAP)
                .max(Comparator.comparingDouble(s -> s.fromToken().usd(s.fromAmount())))
                .map(s -> s.provider().key()).orElse("junction");
    }

    List<String> bridgeProviders() {
        return route.steps().stream().filter(s -> s.kind() == StepKind.BRIDGE).map(s -> s.provider().key()).toList();
    }

    List<String> providers() {
        return route.providers().stream().map(p -> p.key()).toList();
    }

    /** Cost figures in USD at reference prices; gas is the executor's, output is amountOut. */
    GaslessQuote.CostBreakdown costs(double gasUsd) {
        double bridge = 0;
        double dex = 0;
        for (RouteStep s : route.steps()) {
            if (s.kind() == StepKind.SWAP) {
                dex += s.fromToken().usd(s.lpFee());
            } else {
                bridge += s.fromToken().usd(s.bridgeFee());
            }
        }
        double output = route.amountOutUsd();
        return new GaslessQuote.CostBreakdown(bridge, dex, gasUsd, output - gasUsd, output);
    }

    /** 90th-percentile latencies: swaps (blocks) and bridges (lanes), milliseconds. */
    GaslessQuote.Latency latency() {
        long bridge = 0;
        long dex = 0;
        for (RouteStep s : route.steps()) {
            if (s.kind() == StepKind.SWAP) {
                dex += s.p90Seconds() * 1000L;
            } else {
                bridge += s.p90Seconds() * 1000L;
            }
        }
        return new GaslessQuote.Latency(bridge, dex, bridge + dex);
    }
}
