/**
 * Quotes: plans a validated {@code /quote} request on the current market snapshot, gives the answer and its routes an
 * identity and an expiry, and stores them (memory, written behind to the database) so that any instance can build a
 * route by its pathId. The wire shapes of the route object are here too ({@code QuoteViews}); the HTTP edge is
 * {@code api}'s.
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "routing"})
package dev.junction.quote;

import org.springframework.modulith.ApplicationModule;
