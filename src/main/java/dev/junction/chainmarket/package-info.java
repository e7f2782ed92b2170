/**
 * Chain mode ({@code junction.market.source=chain}): the market read from EVM nodes over JSON-RPC and kept current
 * block by block. A cold load reads tokens and pools at one block through Multicall3 (or JSON-RPC batches); then per
 * block one {@code eth_getLogs} is applied by pure reducers ({@link dev.junction.chainmarket.LogReducer}), reorgs roll
 * back to the common ancestor, and each chain's new state replaces its part of the {@link dev.junction.market.Market}
 * snapshot. Staleness is reported through {@link dev.junction.market.ChainFreshness}. What is per DEX (the calls that
 * find and read a pool, the events followed, how a log changes a pool, the pool's state and its market pool) is the
 * DEX's room's ({@link dev.junction.protocol.DexProtocol}, {@link dev.junction.protocol.PoolState}); this module
 * batches every room's calls, follows the chain and builds the market part.
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "nodes", "protocol"})
package dev.junction.chainmarket;

import org.springframework.modulith.ApplicationModule;
