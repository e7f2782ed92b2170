/**
 * Junction's contracts on real chains: the router, one adapter per configured provider (as its protocol room
 * declares it) and the leg receiver of a bridge whose room has one (CCTP's {@code JunctionCctpReceiver}), deployed with CREATE2 through the canonical deployer ({@link dev.junction.deploy.Create2#DEPLOYER}) so
 * every address is known before anything is sent. {@link dev.junction.deploy.JunctionContracts} derives the addresses from the chain settings alone
 * (no key, no node: chain mode uses it to find the adapters); {@link dev.junction.deploy.Deployer} deploys and
 * registers what is missing on one chain, and {@link dev.junction.deploy.DeployCommand} is {@code junction deploy}.
 * The contracts' creation bytecode comes from the build ({@link dev.junction.deploy.ContractArtifacts}).
 */
@ApplicationModule(allowedDependencies = {"chain", "nodes", "protocol"})
package dev.junction.deploy;

import org.springframework.modulith.ApplicationModule;
