package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ConfigValues;

/**
 * The rules the DEX rooms' configuration kinds share ({@link DexProtocol#settings}): each names the property at
 * {@code at} (a DEX's path, ending with a dot) in its {@link ChainConfigException}.
 */
public final class DexSettings {

    private DexSettings() {
    }

    /** A kind without fee tiers: {@code fee-tiers} must be absent. */
    public static void noFeeTiers(String at, DexProperties d) {
        if (d.feeTiers() != null && !d.feeTiers().isEmpty()) {
            throw new ChainConfigException(at + "fee-tiers applies to uniswap-v3 only");
        }
    }

    /** A kind that finds its pools through a factory: {@code pools} must be absent. */
    public static void noPools(String at, DexProperties d) {
        if (d.pools() != null && !d.pools().isEmpty()) {
            throw new ChainConfigException(at + "pools applies to kinds curve, uniswap-v4 and balancer-v2 only (Uniswap"
                    + " V2 and V3 pools are found through the factory)");
        }
    }

    /** The required {@code factory} of a kind that finds its pools through one. */
    public static Address factory(String at, String kind, DexProperties d) {
        if (d.factory() == null) {
            throw new ChainConfigException(at + "factory is required for kind " + kind);
        }
        return ConfigValues.address(at + "factory", d.factory());
    }

    /** The {@code init-code-hash}, {@code dflt} when absent. */
    public static Bytes32 initCodeHash(String at, DexProperties d, Bytes32 dflt) {
        if (d.initCodeHash() == null) {
            return dflt;
        }
        String text = d.initCodeHash().trim();
        if (!Bytes32.isBytes32(text)) {
            throw new ChainConfigException(at + "init-code-hash must be 0x followed by 64 hex digits"
                    + ConfigValues.numberHint(text));
        }
        return Bytes32.of(text);
    }
}
