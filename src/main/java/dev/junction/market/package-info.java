/**
 * The market: chains, tokens, providers, DEX pools with their exact on-chain math, bridge lanes and gas. The planner's
 * world. The types in this package are the module's API; sub-packages are internal except those marked with
 * {@code @NamedInterface}.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = "chain")
package dev.junction.market;
