/**
 * Upkeep of the store: H2's file compacted while Junction runs ({@link dev.junction.store.EmbeddedStoreCompaction};
 * with PostgreSQL it does nothing), and {@link dev.junction.store.PeriodicTask}, the daemon thread that runs it and
 * other modules' upkeep (the gasless quote purge), and {@link dev.junction.store.WakeableLoop}, the one background
 * loop that waits unless woken (the swap runner, the relayers, the webhook dispatcher and watch follower). Depends on
 * no other module.
 */
@ApplicationModule(allowedDependencies = {})
package dev.junction.store;

import org.springframework.modulith.ApplicationModule;
