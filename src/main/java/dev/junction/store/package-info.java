/**
 * Upkeep of the embedded store: H2's file compacted while Junction runs
 * ({@link dev.junction.store.EmbeddedStoreCompaction}). Depends on no other module; with PostgreSQL it does nothing.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {})
package dev.junction.store;
