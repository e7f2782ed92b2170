/**
 * Status pushed to integrators (issue 40): webhooks signed like Stripe's and GitHub's, delivered at least once from a
 * durable outbox (every status change is written in the database transaction of the change), wallet-sent routes
 * followed on {@code POST /status/watch}, and the events the {@code GET /status/stream} server-sent event stream
 * sends. The api module's controllers call {@link dev.junction.webhooks.Webhooks},
 * {@link dev.junction.webhooks.StatusWatches} and {@link dev.junction.webhooks.StatusStreams}.
 */
@ApplicationModule(allowedDependencies = {"chain", "execution", "status", "store"})
package dev.junction.webhooks;

import org.springframework.modulith.ApplicationModule;
