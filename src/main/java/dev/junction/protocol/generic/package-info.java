/**
 * Junction's generic swap and bridge calls: the step data of what no room encodes with the provider's own call. The
 * registry's fallback bridge; a DEX room's fork without a known call.
 */
package dev.junction.protocol.generic;
