package dev.junction.nodes;

import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings.Dex;
import java.util.List;

/**
 * The configuration kinds of {@code junction.chains.<id>.dexes.<key>.kind} and their rules, which are the protocol
 * rooms' (the protocol module provides them): {@link ChainsSettings#bind} checks a DEX's key and kind, and the kind's
 * room validates the rest.
 */
public interface DexKinds {

    /** The kinds' configuration names, in the order a message lists them. */
    List<String> names();

    /**
     * Validates one DEX of a known kind.
     *
     * @param at the DEX's property path, ending with a dot ({@code junction.chains.<id>.dexes.<key>.})
     * @param kind one of {@link #names()}
     * @throws ChainConfigException naming the property and the rule
     */
    Dex validate(String at, String key, String kind, DexProperties properties);
}
