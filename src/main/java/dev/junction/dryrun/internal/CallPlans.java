package dev.junction.dryrun.internal;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.execution.ExecutionPlan;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;

/**
 * The sandbox's reading of a call to Junction's router: the {@link ExecutionPlan} the embedded network would run for
 * an {@code executeRoute(RouteParams, Step[])} call sent by {@code sender} on {@code chain}, so the build endpoints
 * dry-run the exact bytes they return.
 */
public final class CallPlans {

    private CallPlans() {
    }

    /** The call does not decode to a route the market can run (the router would revert with this reason). */
    public static final class NotARoute extends RuntimeException {
        NotARoute(String reason) {
            super(reason);
        }
    }

    /**
     * The plan of a router call. Its input is {@code RouteParams.amountIn} less the integrator fee (the router pays
     * the fee first); its deadline is {@code RouteParams.deadline}; its reference is null.
     *
     * @param data the calldata, selector included
     * @throws NotARoute when the chain is not in the market, the data is not an executeRoute call, or it names an
     *     adapter, pool or lane the market does not have
     */
    public static ExecutionPlan plan(MarketSnapshot market, ChainId chain, Address sender, byte[] data) {
        Chain c = market.chain(chain).orElseThrow(() -> new NotARoute("no chain " + chain + " in the market"));
        if (!RouteDecoder.isRouteCall(data)) {
            throw new NotARoute("the calldata does not call executeRoute (selector " + RouteDecoder.SELECTOR + ")");
        }
        try {
            return RouteDecoder.decode(market, c, sender, data);
        } catch (RouteDecoder.Undecodable e) {
            throw new NotARoute(e.getMessage());
        }
    }
}
