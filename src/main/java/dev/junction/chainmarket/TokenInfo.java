package dev.junction.chainmarket;

import dev.junction.chain.Address;

/** An ERC-20's metadata as read from the chain. */
record TokenInfo(Address address, int decimals, String symbol, String name) {
}
