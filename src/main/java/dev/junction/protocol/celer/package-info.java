/** Room: Celer cBridge; sandbox only. */
package dev.junction.protocol.celer;
