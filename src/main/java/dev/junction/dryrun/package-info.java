/**
 * The sandbox's checks of a built transaction: its calldata decoded into the plan the executor would run and that
 * plan dry-run on the embedded market ({@code simulation=true} on the sandbox's simulated chains). Chain mode checks
 * on the chains' nodes instead ({@code chainbuild}).
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "calldata", "execution"})
package dev.junction.dryrun;

import org.springframework.modulith.ApplicationModule;
