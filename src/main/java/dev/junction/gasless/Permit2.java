package dev.junction.gasless;

import dev.junction.chain.Address;

/** Facts about Uniswap's Permit2 contract that Junction's typed data depends on. */
public final class Permit2 {

    /** Permit2's CREATE2 address, the same on every EVM chain Junction serves. */
    public static final Address ADDRESS = Address.evm("0x000000000022D473030F116dDEE9F6B43aC78BA3");
    /** The {@code name} of Permit2's EIP-712 domain. */
    public static final String DOMAIN_NAME = "Permit2";

    private Permit2() {
    }
}
