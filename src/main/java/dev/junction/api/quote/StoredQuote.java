package dev.junction.api.quote;

import dev.junction.api.QuoteRequest;
import dev.junction.routing.PlannedRoute;
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
 * @param routes the routes, best first
 */
public record StoredQuote(String quoteId, Instant createdAt, Instant expiresAt, long marketVersion,
        QuoteRequest request, List<Route> routes) {

    public StoredQuote {
        routes = List.copyOf(routes);
    }

    /**
     * One route of the quote.
     *
     * @param pathId identity of the route
     * @param rank 0 for the best
     * @param plan the planned route with its pools and lanes; present while the quote is held in memory (always
     *             within its lifetime on the instance that planned it), empty when read back from the database
     * @param view the route exactly as {@code /quote} answered it
     */
    public record Route(String pathId, int rank, Optional<PlannedRoute> plan, QuoteViews.RouteView view) {
    }

    public Optional<Route> route(String pathId) {
        return routes.stream().filter(r -> r.pathId().equals(pathId)).findFirst();
    }

    public boolean expired(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
