package dev.junction.calldata;

import dev.junction.chain.abi.Abi;
import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Junction's per-provider adapter addresses. Junction deploys one adapter per provider next to each router; until the
 * contracts are deployed the address is derived deterministically:
 * {@code address(uint160(uint256(keccak256(abi.encodePacked(router, "junction-adapter:", providerKey)))))} - the
 * low 20 bytes of keccak256 over the router's 20 bytes followed by the ASCII text {@code junction-adapter:} and the
 * lower-case provider key. Same router and key, same adapter; a different chain's router gives a different adapter.
 */
public final class Adapters {

    private Adapters() {
    }

    /**
     * The adapter for a provider next to a router.
     *
     * @param router Junction's router on the chain
     * @param providerKey provider key, matched case-insensitively
     */
    public static Address of(Address router, String providerKey) {
        byte[] prefix = router.bytes();
        byte[] text = ("junction-adapter:" + providerKey.toLowerCase(Locale.ROOT)).getBytes(StandardCharsets.US_ASCII);
        byte[] packed = Arrays.copyOf(prefix, prefix.length + text.length);
        System.arraycopy(text, 0, packed, prefix.length, text.length);
        byte[] hash = Abi.keccak(packed);
        return Address.evm(Hex.encode(Arrays.copyOfRange(hash, 12, 32)));
    }
}
