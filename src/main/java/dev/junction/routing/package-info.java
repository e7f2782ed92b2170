/**
 * The route planner: from a token pair, amount and options to ranked routes computed with the exact pool math. No
 * Spring, no I/O.
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "market :: math"})
package dev.junction.routing;

import org.springframework.modulith.ApplicationModule;
