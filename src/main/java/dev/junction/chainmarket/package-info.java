/**
 * Chain mode ({@code junction.market.source=chain}): the market read from EVM nodes over JSON-RPC and kept current
 * block by block. A cold load reads tokens and pools at one block through Multicall3 (or JSON-RPC batches); then per
 * block one {@code eth_getLogs} is applied by pure reducers ({@link dev.junction.chainmarket.LogReducer}), reorgs roll
 * back to the common ancestor, and each chain's new state replaces its part of the {@link dev.junction.market.Market}
 * snapshot. Staleness is reported through {@link dev.junction.market.ChainFreshness}.
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "nodes", "protocol"})
package dev.junction.chainmarket;

import org.springframework.modulith.ApplicationModule;
