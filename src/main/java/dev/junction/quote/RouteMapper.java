package dev.junction.quote;

import dev.junction.chain.DecimalText;
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

    static QuoteViews.RouteView view(PlannedRoute r, QuoteRequest request, String quoteId, String pathId, long expiry,
            Slippage slippage, Long blockNumber) {
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

}
