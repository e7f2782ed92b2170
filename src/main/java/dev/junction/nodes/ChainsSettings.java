package dev.junction.nodes;

import dev.junction.chain.ChainId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;

/**
 * The chains of {@code junction.chains.<chainId>.*}, validated, bound once: the application's bean
 * ({@link NodesConfiguration}) and the deploy command ({@link Nodes#bind}) both read them through {@link #bind}.
 *
 * @param all every configured chain, by chain id order; empty when none is configured (the sandbox)
 */
public record ChainsSettings(List<ChainSettings> all) {

    /** The prefix of every chain property. */
    public static final String PREFIX = "junction.chains";

    public ChainsSettings {
        all = all.stream().sorted(Comparator.comparing(ChainSettings::id)).toList();
        for (int i = 1; i < all.size(); i++) {
            if (all.get(i).id().equals(all.get(i - 1).id())) {
                throw new ChainConfigException(PREFIX + "." + all.get(i).id().value() + " is configured twice");
            }
        }
    }

    /**
     * Reads and validates {@value #PREFIX}, each DEX by its kind's room ({@code dexKinds}).
     *
     * @throws ChainConfigException naming the property and the rule when a chain's settings are invalid
     */
    public static ChainsSettings bind(Binder binder, DexKinds dexKinds) {
        Map<String, ChainProperties> raw = binder.bind(ConfigurationPropertyName.of(PREFIX),
                Bindable.mapOf(String.class, ChainProperties.class)).orElse(Map.of());
        List<ChainSettings> out = new ArrayList<>();
        for (Map.Entry<String, ChainProperties> e : raw.entrySet()) {
            out.add(ChainsConfig.validate(e.getKey(), e.getValue(), dexKinds));
        }
        return new ChainsSettings(out);
    }

    /** The settings of a configured chain. */
    public Optional<ChainSettings> find(ChainId chain) {
        return all.stream().filter(c -> c.id().equals(chain)).findFirst();
    }

    /** Whether no chain is configured. */
    public boolean isEmpty() {
        return all.isEmpty();
    }
}
