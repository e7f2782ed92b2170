package dev.junction.protocol.shared;

import dev.junction.chain.Hex;

/** A pool init code hash, as the Uniswap-style adapters' constructors take it. */
public final class InitCodeHash {

    private InitCodeHash() {
    }

    /**
     * The hash's 32 bytes.
     *
     * @throws IllegalArgumentException when {@code hex} is not 32 bytes
     */
    public static byte[] bytes(String hex) {
        byte[] h = Hex.decode(hex);
        if (h.length != 32) {
            throw new IllegalArgumentException("an init code hash is 32 bytes: " + hex);
        }
        return h;
    }
}
