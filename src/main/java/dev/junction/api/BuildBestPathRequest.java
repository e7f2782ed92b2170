package dev.junction.api;

import dev.junction.chain.Amount;
import dev.junction.quote.QuoteRequest;

/**
 * A validated {@code GET /build-best-path} request: the quote parameters plus its own.
 *
 * @param quote every parameter /build-best-path shares with /quote
 * @param minOutputAmount minimum acceptable output in toToken's smallest unit, or null
 * @param includeRoute whether {@code data.route} carries the route composition (false when omitted)
 */
public record BuildBestPathRequest(QuoteRequest quote, Amount minOutputAmount, boolean includeRoute) {

    static BuildBestPathRequest parse(QueryParams q, MarketGate.Served served) {
        QuoteRequest quote = QuoteQuery.parse(q, served);
        return new BuildBestPathRequest(quote,
                q.optional("minOutputAmount").map(t -> ParamRules.amount("minOutputAmount", t)).orElse(null),
                q.optional("includeRoute").map(t -> ParamRules.bool("includeRoute", t)).orElse(false));
    }
}
