package dev.junction.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.junction.quote.QuoteViews;

/**
 * {@code data} of {@code GET /build-best-path} (interface 2.7).
 *
 * @param tx the transaction, under the key {@code Tx} (capital T)
 * @param route the route object exactly as {@code /quote} returns it when {@code includeRoute=true}; null otherwise
 */
@JsonPropertyOrder({"Tx", "route"})
public record BuildBestPathResult(@JsonProperty("Tx") TransactionResponse tx, QuoteViews.RouteView route) {
}
