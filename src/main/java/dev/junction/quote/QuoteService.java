package dev.junction.quote;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.ProviderFilter;
import dev.junction.routing.RouteMode;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * {@code GET /quote}: checks what the parser cannot (provider keys, same token on the same chain), plans on the current
 * market snapshot, gives the answer and each route an identity and an expiry, stores the quote (write-behind) and maps
 * it to the interface's route objects. (The acquisitionMode rule is {@code api.QuoteQuery}'s.)
 */
public class QuoteService {

    private final Supplier<MarketSnapshot> market;
    private final RoutePlanner planner;
    private final QuoteStore store;
    private final Clock clock;
    private final Duration ttl;

    /**
     * @param market the snapshot in force (read once per request)
     * @param ttl quote lifetime ({@code expiry} = now + ttl)
     */
    public QuoteService(Supplier<MarketSnapshot> market, RoutePlanner planner, QuoteStore store, Clock clock, Duration ttl) {
        this.market = market;
        this.planner = planner;
        this.store = store;
        this.clock = clock;
        this.ttl = ttl;
    }

    /** The routes, best first under the request's routeMode; also stored under the returned quoteId and pathIds. */
    public List<QuoteViews.RouteView> quote(QuoteRequest request) {
        StoredQuote quote = quoteAndStore(request);
        return quote.routes().stream().map(quote::view).toList();
    }

    /**
     * Plans, stores and returns the whole quote (for callers that need the plans, e.g. build-best-path).
     *
     * @throws dev.junction.routing.NoRouteException when no route delivers anything
     */
    public StoredQuote quoteAndStore(QuoteRequest request) {
        MarketSnapshot snapshot = market.get();
        ProviderFilter filter = new ProviderFilter(
                checkProviders("includeProvider", request.includeProviders(), snapshot),
                checkProviders("excludeProvider", request.excludeProviders(), snapshot));
        if (request.fromChain().equals(request.toChain()) && request.fromToken().equals(request.toToken())) {
            throw new InvalidQuoteRequestException(
                    "toToken must differ from fromToken when fromChain equals toChain", "toToken");
        }
        RouteRequest plan = new RouteRequest(request.fromChain(), request.fromToken(), request.toChain(),
                request.toToken(), request.amount().value(), request.feeBps() == null ? 0 : request.feeBps(), filter,
                request.allowMultiBridge(), request.routeMode(), RouteMapper.callGas(request));
        List<PlannedRoute> routes = planner.plan(snapshot, plan);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant expiry = now.plus(ttl);
        String quoteId = QuoteIds.next(now);
        List<StoredQuote.Route> stored = new ArrayList<>(routes.size());
        for (int i = 0; i < routes.size(); i++) {
            String pathId = StoredQuote.pathId(quoteId, i);
            PlannedRoute r = routes.get(i);
            stored.add(new StoredQuote.Route(pathId, i, r));
        }
        StoredQuote quote = new StoredQuote(quoteId, now, expiry, snapshot.version(), request, stored,
                stored.size(),
                snapshot.head(request.fromChain()).map(h -> h.blockNumber()).orElse(null));
        store.save(quote);
        return quote;
    }

    /** Case-insensitive keys, each a provider of the market; else {@link InvalidQuoteRequestException} naming the valid keys. */
    public static Set<String> checkProviders(String param, Set<String> keys, MarketSnapshot snapshot) {
        List<String> unknown = keys.stream().filter(k -> snapshot.provider(k).isEmpty()).sorted().toList();
        if (!unknown.isEmpty()) {
            String valid = snapshot.providers().stream().map(Provider::key).collect(Collectors.toCollection(TreeSet::new))
                    .stream().collect(Collectors.joining(", "));
            throw new InvalidQuoteRequestException(param + " has unknown provider key"
                    + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown) + "; valid keys: " + valid, param);
        }
        return keys;
    }


}
