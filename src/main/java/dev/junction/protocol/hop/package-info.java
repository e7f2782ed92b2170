/** Room: Hop; sandbox only. */
package dev.junction.protocol.hop;
