/** Room: Stargate V2 (LayerZero V2 OFT); sandbox only. */
package dev.junction.protocol.stargate;
