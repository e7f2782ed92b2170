package dev.junction.quote;

import dev.junction.routing.PlannedRoute;
import dev.junction.routing.Slippage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One answered {@code /quote}: the request as validated and every route with its identity.
 *
 * @param quoteId identity of the answer
 * @param createdAt when it was planned
 * @param expiresAt when it stops being buildable
 * @param marketVersion the market snapshot version it was planned on
 * @param request the validated request (sender, receiver, fee, mode, Referrer, Integrator, acquisitionMode ...)
 * @param routes the routes, best first; read back from the database, without those whose pool, lane or provider
 *               the market no longer has
 * @param routeCount how many routes the quote answered (pathIds quoteId:0 to quoteId:routeCount-1)
 */
public record StoredQuote(String quoteId, Instant createdAt, Instant expiresAt, long marketVersion,
        QuoteRequest request, List<Route> routes, int routeCount) {

    public StoredQuote {
        routes = List.copyOf(routes);
        if (routeCount < routes.size()) {
            throw new IllegalArgumentException("routeCount " + routeCount + " < " + routes.size() + " routes");
        }
    }

    /** Whether the quote answered a route with this pathId (it may be missing from {@link #routes()}). */
    public boolean answered(String pathId) {
        for (int rank = 0; rank < routeCount; rank++) {
            if (pathId(quoteId, rank).equals(pathId)) {
                return true;
            }
        }
        return false;
    }

    /**
     * One route of the quote.
     *
     * @param pathId identity of the route: {@link #pathId(String, int) quoteId:rank}
     * @param rank 0 for the best
     * @param plan the planned route with its pools and lanes (read back from the database: rebuilt on the current
     *             market from the stored amounts, see {@code PlanCodec})
     */
    public record Route(String pathId, int rank, PlannedRoute plan) {
    }

    /** The route exactly as {@code /quote} answered it (derived from the plan, the request and the identities). */
    public QuoteViews.RouteView view(Route route) {
        Slippage slippage = request.slippage() == null ? Slippage.DEFAULT : Slippage.ofPercent(request.slippage());
        return RouteMapper.view(route.plan(), request, quoteId, route.pathId(), expiresAt.getEpochSecond(), slippage);
    }

    /** The pathId of the route of rank {@code rank} (0 = best) in quote {@code quoteId}: {@code quoteId:rank}. */
    public static String pathId(String quoteId, int rank) {
        return quoteId + ":" + rank;
    }

    /** The quoteId part of a pathId, or empty when it is not of the form {@code quoteId:rank}. */
    public static Optional<String> quoteIdOf(String pathId) {
        int colon = pathId.lastIndexOf(':');
        if (colon <= 0 || colon == pathId.length() - 1) {
            return Optional.empty();
        }
        for (int i = colon + 1; i < pathId.length(); i++) {
            if (!Character.isDigit(pathId.charAt(i))) {
                return Optional.empty();
            }
        }
        return Optional.of(pathId.substring(0, colon));
    }

    public Optional<Route> route(String pathId) {
        return routes.stream().filter(r -> r.pathId().equals(pathId)).findFirst();
    }

    public boolean expired(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
