/**
 * The market: chains, tokens, providers, DEX pools with their exact on-chain math, bridge lanes and gas. The planner's
 * world. The types in this package are the module's API; sub-packages are internal except those marked with
 * {@code @NamedInterface}.
 */
@ApplicationModule(allowedDependencies = "chain")
package dev.junction.market;

import org.springframework.modulith.ApplicationModule;
