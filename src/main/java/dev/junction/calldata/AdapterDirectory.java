package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.protocol.Protocols;
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
     * in the router by a bridge that carries no message (CCTP V2) has nothing to run it, and a bridge delivering its
     * legs through Junction's receiver (CCTP V1) needs that receiver deployed.
     */
    default boolean deployedOn(ChainId chain) {
        return false;
    }

    /**
     * Junction's receiver of a bridge's destination legs on a chain (CCTP: {@code JunctionCctpReceiver},
     * {@code junction.chains.<id>.cctp-receiver}), the mint recipient of a deposit carrying a destination leg there;
     * empty when none is deployed (the sandbox, which runs legs itself, has none).
     *
     * @param chain the bridge's destination chain
     * @param providerKey the bridge's provider key
     */
    default Optional<Address> legReceiver(ChainId chain, String providerKey) {
        return Optional.empty();
    }

    /** Every provider has its derived adapter (the sandbox: the simulated network runs them all). */
    AdapterDirectory DERIVED = (chain, router, key) -> Optional.of(Adapters.of(router, key));

    /**
     * The adapters deployed per chain (provider keys matched case-insensitively); chains not listed fall back to
     * {@link #DERIVED}. No leg receivers.
     */
    static AdapterDirectory deployed(Map<ChainId, Map<String, Address>> adapters) {
        return deployed(adapters, Map.of());
    }

    /**
     * The adapters and the bridges' leg receivers deployed per chain: {@code receivers} by chain and bridge room name
     * ({@code protocol.BridgeProtocol#name()}, e.g. {@code cctp}), so any provider key of the room finds it.
     */
    static AdapterDirectory deployed(Map<ChainId, Map<String, Address>> adapters,
            Map<ChainId, Map<String, Address>> receivers) {
        Map<ChainId, Map<String, Address>> copy = Map.copyOf(adapters);
        Map<ChainId, Map<String, Address>> receiverCopy = Map.copyOf(receivers);
        return new AdapterDirectory() {
            @Override
            public Optional<Address> legReceiver(ChainId chain, String key) {
                Map<String, Address> onChain = receiverCopy.getOrDefault(chain, Map.of());
                return Optional.ofNullable(onChain.get(Protocols.bridge(key).name()));
            }

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
