package dev.junction.api;

import dev.junction.quote.QuoteRequest;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * Turns the six operations' raw HTTP input into validated request records, against one market snapshot per request.
 * Every failure is an {@link ApiException} naming the parameter and the rule; a missing required parameter (1001) is
 * reported before anything else.
 */
@Component
public class RequestParser {

    private final MarketGate market;

    RequestParser(MarketGate market) {
        this.market = market;
    }

    public QuoteRequest quote(HttpServletRequest http) {
        QueryParams q = query(http, QuoteQuery.REQUIRED);
        return QuoteQuery.parse(q, market.served());
    }

    public BuildBestPathRequest buildBestPath(HttpServletRequest http) {
        QueryParams q = query(http, QuoteQuery.REQUIRED);
        return BuildBestPathRequest.parse(q, market.served());
    }

    public BuildPathRequest buildPath(JsonNode body) {
        BodyParams b = new BodyParams(body);
        b.requireAll(BuildPathRequest.REQUIRED);
        return BuildPathRequest.parse(b, market.served());
    }

    public GaslessQuoteRequest gaslessQuote(HttpServletRequest http) {
        QueryParams q = query(http, GaslessQuoteRequest.REQUIRED);
        return GaslessQuoteRequest.parse(q, market.served());
    }

    public SubmitSwapRequest submitSwap(JsonNode body) {
        return SubmitSwapRequest.parse(new BodyParams(body));
    }

    public StatusRequest status(HttpServletRequest http) {
        QueryParams q = query(http, StatusRequest.REQUIRED);
        return StatusRequest.parse(q, market.served());
    }

    public WebhookRequest webhook(JsonNode body) {
        return WebhookRequest.parse(new BodyParams(body));
    }

    public WatchRequest watch(JsonNode body) {
        return WatchRequest.parse(new BodyParams(body), market.served());
    }

    /** The query of {@code GET /status/stream}. */
    public WatchRequest stream(HttpServletRequest http) {
        QueryParams q = query(http, WatchRequest.REQUIRED);
        return WatchRequest.parse(q, market.served());
    }

    private static QueryParams query(HttpServletRequest http, String[] required) {
        QueryParams q = new QueryParams(http.getParameterMap());
        q.requireAll(required);
        return q;
    }
}
