/** Gasless swaps: Permit2 typed data, EIP-712 digests, signature verification, nonces and submission. */
@org.springframework.modulith.ApplicationModule
package dev.junction.gasless;
