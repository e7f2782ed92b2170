/** Room: Wormhole Token Bridge (Portal); sandbox only. */
package dev.junction.protocol.wormhole;
