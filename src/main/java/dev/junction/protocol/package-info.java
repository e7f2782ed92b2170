/**
 * The protocols Junction routes through, one room per protocol family: a sub-package holding everything that is that
 * family's. {@code uniswapv2} (Uniswap V2 and its forks), {@code uniswapv3} (Uniswap V3 and its forks), {@code curve}
 * (StableSwap), {@code across} and {@code cctp} (the bridges Junction's adapters execute), and the bridges the sandbox
 * quotes and simulates only: {@code stargate}, {@code hop}, {@code celer}, {@code wormhole}; {@code generic} holds
 * Junction's generic swap and bridge calls, for what no room encodes.
 *
 * <p>The rest of Junction sees the rooms only through this package: {@link dev.junction.protocol.DexProtocol} and
 * {@link dev.junction.protocol.BridgeProtocol}, the values they exchange, and the one registry
 * {@link dev.junction.protocol.Protocols}. No code outside a room matches a provider key: the room says which keys it
 * serves. {@link dev.junction.protocol.RouterGas} is the market's gas model measured on Junction's router, each step's
 * figure given by its room. {@code synthetic} is not a room: it is the benchmarks' generated market, whose providers
 * are the rooms' forks. docs/ADDING-A-PROTOCOL.md walks through adding a room.
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "market :: math", "nodes"})
package dev.junction.protocol;

import org.springframework.modulith.ApplicationModule;
