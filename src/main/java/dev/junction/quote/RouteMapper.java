package dev.junction.quote;

import dev.junction.routing.PlannedRoute;
import dev.junction.routing.Slippage;
import java.math.BigInteger;

/** A planned route plus the request and identities, as the interface's route object (2.4). */
final class RouteMapper {

    private RouteMapper() {
    }

    static QuoteViews.RouteView view(PlannedRoute r, QuoteRequest request, String quoteId, String pathId, long expiry,
            Slippage slippage) {
        BigInteger minOut = slippage.minAmountOut(r.amountOut());
        return new QuoteViews.RouteView(r.amount().toString(), r.amountOut().toString(), r.amountOutUsd(), r.amountUsd(),
                r.bridgeCount(), expiry,
                new QuoteViews.FeesView(r.integratorFee().toString(), r.integratorFeeUsd(), r.pathFee().toString(),
                        r.pathFeeUsd()),
                QuoteViews.TokenView.of(r.fromToken()),
                new QuoteViews.GasFeeView(r.gasFee().toString(), r.gasFeeUsd(), r.gasLimit().toString(),
                        QuoteViews.TokenView.of(r.gasToken())),
                request.integrator(), minOut.toString(), r.toToken().usd(minOut),
                r.steps().stream().map(QuoteViews.StepView::of).toList(), pathId, r.pathTime(), r.pathType().wire(),
                r.providers().stream().map(QuoteViews.ProviderView::of).toList(), quoteId, request.receiver().value(),
                r.routeAddress() == null ? null : r.routeAddress().value(), request.sender().value(),
                request.slippage(), QuoteViews.TokenView.of(r.toToken()));
    }

}
