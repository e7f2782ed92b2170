/**
 * Building in the sandbox: every provider's adapter at its derived address, and the checks of a built transaction: its
 * calldata decoded into the plan the executor would run and that plan dry-run on the embedded market
 * ({@code simulation=true} on the sandbox's simulated chains). Chain mode builds on the chains' nodes instead
 * ({@code chainbuild}).
 */
@ApplicationModule(allowedDependencies = {"chain", "market", "calldata", "execution"})
package dev.junction.dryrun;

import org.springframework.modulith.ApplicationModule;
