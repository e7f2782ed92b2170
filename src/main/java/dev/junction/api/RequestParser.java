package dev.junction.api;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * Turns the six operations' raw HTTP input into validated request records, against one market snapshot per request.
 * Every failure is an {@link ApiException} naming the parameter and the rule.
 */
@Component
public class RequestParser {

    private final MarketGate market;

    RequestParser(MarketGate market) {
        this.market = market;
    }

    public QuoteRequest quote(HttpServletRequest http) {
        return QuoteRequest.parse(query(http), market);
    }

    public BuildBestPathRequest buildBestPath(HttpServletRequest http) {
        return BuildBestPathRequest.parse(query(http), market);
    }

    public BuildPathRequest buildPath(JsonNode body) {
        BodyParams params = new BodyParams(body);
        return BuildPathRequest.parse(params, market);
    }

    public GaslessQuoteRequest gaslessQuote(HttpServletRequest http) {
        return GaslessQuoteRequest.parse(query(http), market);
    }

    public SubmitSwapRequest submitSwap(JsonNode body) {
        return SubmitSwapRequest.parse(new BodyParams(body));
    }

    public StatusRequest status(HttpServletRequest http) {
        return StatusRequest.parse(query(http), market);
    }

    private static QueryParams query(HttpServletRequest http) {
        return new QueryParams(http.getParameterMap());
    }
}
