package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where each provider's adapter is on a chain. Chains with deployed Junction contracts (the deploy command's output,
 * {@code junction deploy}) list exactly the adapters that exist: a provider without one there cannot be built
 * ({@link ProviderNotExecutableException}). Chains without such a list (the sandbox's simulated chains, which run
 * every provider) use the address derived by {@link Adapters#of}.
 */
@FunctionalInterface
public interface AdapterDirectory {

    /**
     * The adapter of a provider on a chain.
     *
     * @param chain the step's chain
     * @param router Junction's router on that chain
     * @param providerKey the provider key, e.g. {@code uniswap-v3}
     * @return the adapter's address, empty when no adapter for that provider is deployed on that chain
     */
    Optional<Address> adapter(ChainId chain, Address router, String providerKey);

    /**
     * Whether {@code chain} runs on Junction's deployed contracts (a real chain): there, a destination leg or call left
     * in the router by a bridge that carries no message (CCTP) has nothing to run it yet.
     */
    default boolean deployedOn(ChainId chain) {
        return false;
    }

    /** Every provider has its derived adapter (the sandbox: the simulated network runs them all). */
    AdapterDirectory DERIVED = (chain, router, key) -> Optional.of(Adapters.of(router, key));

    /**
     * The adapters deployed per chain (provider keys matched case-insensitively); chains not listed fall back to
     * {@link #DERIVED}.
     */
    static AdapterDirectory deployed(Map<ChainId, Map<String, Address>> adapters) {
        Map<ChainId, Map<String, Address>> copy = Map.copyOf(adapters);
        return new AdapterDirectory() {
            @Override
            public Optional<Address> adapter(ChainId chain, Address router, String key) {
                Map<String, Address> onChain = copy.get(chain);
                if (onChain == null) {
                    return DERIVED.adapter(chain, router, key);
                }
                return onChain.entrySet().stream()
                        .filter(e -> e.getKey().equalsIgnoreCase(key.toLowerCase(Locale.ROOT)))
                        .map(Map.Entry::getValue).findFirst();
            }

            @Override
            public boolean deployedOn(ChainId chain) {
                return copy.containsKey(chain);
            }
        };
    }
}
