package dev.junction.quote;

import dev.junction.chain.DecimalText;
import dev.junction.routing.DestinationCallGas;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.Slippage;
import java.math.BigInteger;

/**
 * A planned route plus the request and identities, as the interface's route object (2.4); amounts in decimal by
 * {@link DecimalText}.
 */
final class RouteMapper {

    private RouteMapper() {
    }

    static QuoteViews.RouteView view(PlannedRoute planned, QuoteRequest request, String quoteId, String pathId,
            long expiry, Slippage slippage, Long blockNumber) {
        PlannedRoute r = planned.withSourceGas(destinationCallGas(planned, request));
        BigInteger minOut = slippage.minAmountOut(r.amountOut());
        return new QuoteViews.RouteView(DecimalText.of(r.amount()), DecimalText.of(r.amountOut()), r.amountOutUsd(),
                r.amountUsd(), r.bridgeCount(), expiry,
                new QuoteViews.FeesView(DecimalText.of(r.integratorFee()), r.integratorFeeUsd(),
                        DecimalText.of(r.pathFee()), r.pathFeeUsd()),
                QuoteViews.TokenView.of(r.fromToken()),
                new QuoteViews.GasFeeView(DecimalText.of(r.gasFee()), r.gasFeeUsd(), DecimalText.of(r.gasLimit()),
                        QuoteViews.TokenView.of(r.gasToken())),
                request.integrator(), DecimalText.of(minOut), r.toToken().usd(minOut),
                r.steps().stream().map(QuoteViews.StepView::of).toList(), pathId, r.pathTime(), r.pathType().wire(),
                r.providers().stream().map(QuoteViews.ProviderView::of).toList(), quoteId, request.receiver().value(),
                r.routeAddress() == null ? null : r.routeAddress().value(), request.sender().value(),
                request.slippage(), QuoteViews.TokenView.of(r.toToken()), blockNumber);
    }

    /**
     * The gas a destination call adds to the route's source transaction: on a same-chain route its
     * {@code destinationGasLimit} plus the executor's hand-over ({@link DestinationCallGas}), as the build adds
     * ({@code RouteCalls.sourceCallGas}); 0 without a call, and on a cross-chain route (its call runs on the
     * destination, paid by the bridge's filler or relayer: the planner charged it to the bridge's fee).
     */
    static long destinationCallGas(PlannedRoute route, QuoteRequest request) {
        if (!route.fromToken().chain().equals(route.toToken().chain())) {
            return 0;
        }
        return callGas(request);
    }

    /** The request's destination call gas ({@link DestinationCallGas#of}); 0 without a call. */
    static long callGas(QuoteRequest request) {
        return DestinationCallGas.of(request.destinationCallData(),
                request.destinationGasLimit() == null ? null : request.destinationGasLimit().value());
    }
}
