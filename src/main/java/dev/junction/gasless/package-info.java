/** Gasless swaps: Permit2 typed data, EIP-712 digests, signature verification, nonces and submission. */
@ApplicationModule
package dev.junction.gasless;

import org.springframework.modulith.ApplicationModule;
