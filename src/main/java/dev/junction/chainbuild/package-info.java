/**
 * Building on real chains (chain mode): where the deployed router's adapters are, the node's gas estimate of a built
 * transaction, and {@code simulation=true} as an {@code eth_call} of exactly that transaction (with state overrides
 * for a sender who has not funded or approved yet). The sandbox does not use it.
 */
@ApplicationModule(allowedDependencies = {"chain", "calldata", "nodes", "deploy"})
package dev.junction.chainbuild;

import org.springframework.modulith.ApplicationModule;
