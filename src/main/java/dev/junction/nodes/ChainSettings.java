package dev.junction.nodes;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One chain's validated settings (see {@link ChainProperties} for the property names and defaults).
 *
 * @param router null when the chain has none: it quotes, building answers a 4xx
 * @param wsUrls the nodes' WebSocket URLs new heads are pushed through, in order (empty: the head is polled)
 */
public record ChainSettings(ChainId id, String name, String key, String nativeSymbol, List<URI> rpcUrls,
        List<Address> tokens, Address wrappedNative, List<Address> stablecoins, Map<String, Dex> dexes,
        Map<String, Bridge> bridges, Address router, Address permit2, Address multicall3, int confirmations,
        Duration blockTime, Duration maxStaleness, Duration pollInterval, int tickWindowWords,
        Map<Address, Address> priceFeeds, Duration priceFeedMaxAge, List<URI> wsUrls) {

    /** Permit2's canonical address. */
    public static final Address CANONICAL_PERMIT2 = Address.evm("0x000000000022D473030F116dDEE9F6B43aC78BA3");
    /** How old a price feed's answer may be before the pool path prices its token instead (Chainlink: 24h + 1h). */
    public static final Duration DEFAULT_PRICE_FEED_MAX_AGE = Duration.ofHours(25);
    /** Multicall3's canonical address. */
    public static final Address CANONICAL_MULTICALL3 = Address.evm("0xcA11bde05977b3631167028862bE2a173976CA11");

    public ChainSettings {
        rpcUrls = List.copyOf(rpcUrls);
        tokens = List.copyOf(tokens);
        stablecoins = List.copyOf(stablecoins);
        dexes = Map.copyOf(dexes);
        bridges = Map.copyOf(bridges);
        priceFeeds = Map.copyOf(priceFeeds);
        wsUrls = List.copyOf(wsUrls);
        if (priceFeedMaxAge == null || priceFeedMaxAge.isNegative() || priceFeedMaxAge.isZero()) {
            throw new IllegalArgumentException("price-feed-max-age must be positive, was " + priceFeedMaxAge);
        }
    }

    /** Settings whose heads are polled (no WebSocket URL). */
    public ChainSettings(ChainId id, String name, String key, String nativeSymbol, List<URI> rpcUrls,
            List<Address> tokens, Address wrappedNative, List<Address> stablecoins, Map<String, Dex> dexes,
            Map<String, Bridge> bridges, Address router, Address permit2, Address multicall3, int confirmations,
            Duration blockTime, Duration maxStaleness, Duration pollInterval, int tickWindowWords,
            Map<Address, Address> priceFeeds, Duration priceFeedMaxAge) {
        this(id, name, key, nativeSymbol, rpcUrls, tokens, wrappedNative, stablecoins, dexes, bridges, router, permit2,
                multicall3, confirmations, blockTime, maxStaleness, pollInterval, tickWindowWords, priceFeeds,
                priceFeedMaxAge, List.of());
    }

    /** The same settings with these WebSocket URLs. */
    public ChainSettings withWsUrls(List<URI> urls) {
        return new ChainSettings(id, name, key, nativeSymbol, rpcUrls, tokens, wrappedNative, stablecoins, dexes,
                bridges, router, permit2, multicall3, confirmations, blockTime, maxStaleness, pollInterval,
                tickWindowWords, priceFeeds, priceFeedMaxAge, urls);
    }

    /** Settings with the default {@link #DEFAULT_PRICE_FEED_MAX_AGE}. */
    public ChainSettings(ChainId id, String name, String key, String nativeSymbol, List<URI> rpcUrls,
            List<Address> tokens, Address wrappedNative, List<Address> stablecoins, Map<String, Dex> dexes,
            Map<String, Bridge> bridges, Address router, Address permit2, Address multicall3, int confirmations,
            Duration blockTime, Duration maxStaleness, Duration pollInterval, int tickWindowWords,
            Map<Address, Address> priceFeeds) {
        this(id, name, key, nativeSymbol, rpcUrls, tokens, wrappedNative, stablecoins, dexes, bridges, router, permit2,
                multicall3, confirmations, blockTime, maxStaleness, pollInterval, tickWindowWords, priceFeeds,
                DEFAULT_PRICE_FEED_MAX_AGE);
    }

    public Optional<Address> routerAddress() {
        return Optional.ofNullable(router);
    }

    /**
     * A DEX: its provider key, its kind's configuration name (a protocol room's {@link DexKinds}), and what its kind
     * uses of: a factory (for a singleton pool manager: the manager), fee tiers in pips, explicit pools, a pool init
     * code hash, a state lens ({@code stateView}) and the hooks whose pools may be routed, a vault (Balancer V2: the
     * contract every swap goes through) and pool factories (Balancer V2: the factories whose pools it serves) (absent:
     * null or empty), and the chain's wrapped native token (for a DEX whose pools hold native currency; set from the
     * chain's {@code wrapped-native}, null when it has none), and the pool keys configured (Uniswap V4's pools,
     * named by key rather than address).
     */
    public record Dex(String key, String kind, Address factory, List<Integer> feeTiers, List<Address> pools,
            Bytes32 initCodeHash, Address stateView, List<Address> hooksAllowlist, Address vault,
            List<Address> factories, Address wrappedNative, List<PoolKey> poolKeys) {

        public Dex {
            feeTiers = List.copyOf(feeTiers);
            pools = List.copyOf(pools);
            hooksAllowlist = List.copyOf(hooksAllowlist);
            factories = List.copyOf(factories);
            poolKeys = List.copyOf(poolKeys);
        }

        /** A DEX without configured pool keys. */
        public Dex(String key, String kind, Address factory, List<Integer> feeTiers, List<Address> pools,
                Bytes32 initCodeHash, Address stateView, List<Address> hooksAllowlist, Address vault,
                List<Address> factories, Address wrappedNative) {
            this(key, kind, factory, feeTiers, pools, initCodeHash, stateView, hooksAllowlist, vault, factories,
                    wrappedNative, List.of());
        }

        /** A DEX without a state lens, hooks, a vault or pool factories. */
        public Dex(String key, String kind, Address factory, List<Integer> feeTiers, List<Address> pools,
                Bytes32 initCodeHash) {
            this(key, kind, factory, feeTiers, pools, initCodeHash, null, List.of(), null, List.of(), null);
        }

        /** This DEX on a chain whose wrapped native token is {@code wrapped}. */
        public Dex withWrappedNative(Address wrapped) {
            return new Dex(key, kind, factory, feeTiers, pools, initCodeHash, stateView, hooksAllowlist, vault,
                    factories, wrapped, poolKeys);
        }
    }

    /**
     * A pool key a DEX names under {@code pools} (Uniswap V4: {@code currency0/currency1/fee/tickSpacing/hooks}),
     * checked by its room when the settings are read.
     */
    public record PoolKey(Address currency0, Address currency1, int fee, int tickSpacing, Address hooks) {
    }

    /**
     * A bridge: its provider key, its contract on this chain (property {@code spoke-pool}: the contract its room's
     * adapter calls, e.g. Across's SpokePool, CCTP's TokenMessenger), its lanes from this chain, and Junction's
     * receiver of its destination legs on this chain (property {@code receiver}: CCTP's {@code JunctionCctpReceiver};
     * null when none is configured). A bridge has no kind: its room is the one serving its key.
     */
    public record Bridge(String key, Address contract, List<Lane> lanes, Address receiver) {

        public Bridge {
            lanes = List.copyOf(lanes);
        }

        /** A bridge without a configured receiver. */
        public Bridge(String key, Address contract, List<Lane> lanes) {
            this(key, contract, lanes, null);
        }

        /** The configured receiver of its destination legs, empty when none. */
        public Optional<Address> receiverAddress() {
            return Optional.ofNullable(receiver);
        }
    }

    /** A lane from {@code token} on this chain to {@code toToken} on {@code toChain}, with its fee model and times. */
    public record Lane(Address token, ChainId toChain, Address toToken, BigInteger fixedFee, int feeBps,
            double destinationGasUsd, int p50Seconds, int p90Seconds, BigInteger minAmount, BigInteger capacity) {
    }
}
