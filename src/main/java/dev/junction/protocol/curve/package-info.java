/** Room: Curve StableSwap. */
package dev.junction.protocol.curve;
