/**
 * The benchmarks' synthetic market ({@code junction.market.source=synthetic}): generated chains, tokens, pools and
 * lanes whose providers are the rooms' forks. Not a room.
 */
package dev.junction.protocol.synthetic;
