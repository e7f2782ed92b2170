package dev.junction.quote;

import java.time.Instant;

/**
 * A quote in the form it is kept while it lives: the request, the identities and the routes' plans as {@link PlanCodec}
 * bytes (about 1.2 KB for five routes), the same bytes its database row holds. The quote store keeps this form in
 * memory rather than the planned object graph (about 15 KB of small objects per quote): under load every held quote
 * outlives a young collection, and copying thousands of such graphs per second was most of the server's
 * garbage-collection time. A lookup decodes it on the current market, as a lookup of another instance's quote from the
 * database does.
 *
 * @param plans the routes' plans ({@link PlanCodec#encode}); not to be modified
 * @param blockNumber chain mode: the source chain's block the routes were computed at; null otherwise (kept in memory
 *                    only: the database row has no such column, so a quote read back from it has none either)
 */
record EncodedQuote(String quoteId, Instant createdAt, Instant expiresAt, long marketVersion, QuoteRequest request,
        int routeCount, byte[] plans, Long blockNumber) {
}
