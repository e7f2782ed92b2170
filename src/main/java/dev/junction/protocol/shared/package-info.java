/**
 * What several rooms use: recipients as bridges take them, bridges' own chain numbers, chain mode's tick book of pools
 * with a Uniswap V3 style tick bitmap ({@link dev.junction.protocol.shared.TickBook}). Not a room.
 */
package dev.junction.protocol.shared;
