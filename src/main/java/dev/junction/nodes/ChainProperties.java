package dev.junction.nodes;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One chain's settings as written under {@code junction.chains.<chainId>.} (kebab-case in YAML/properties), before
 * validation; {@link ChainsSettings#bind} turns them into {@link ChainSettings}. Every field may be absent here.
 *
 * @param rpcUrl {@code rpc-url}: one node URL
 * @param rpcUrls {@code rpc-urls}: node URLs tried in order with failover (after {@code rpc-url} when both are set)
 * @param name display name
 * @param key short key (default: the name lower-cased, spaces as dashes)
 * @param nativeSymbol {@code native-symbol} (default ETH)
 * @param tokens ERC-20 addresses served (decimals, symbol, name read from the chain)
 * @param wrappedNative {@code wrapped-native}
 * @param stablecoins the USD numeraire (each worth $1)
 * @param dexes by provider key
 * @param bridges by provider key
 * @param router Junction's router on this chain (absent: quotes only)
 * @param permit2 Permit2 (default the canonical address)
 * @param multicall3 Multicall3 (default the canonical address; used only where it has code)
 * @param confirmations blocks to finality (default 1)
 * @param blockTime {@code block-time} (default 2s)
 * @param maxStaleness {@code max-staleness}: quotes touching the chain answer 503 when its state is older (default
 *     3 block times, at least 3s)
 * @param pollInterval {@code poll-interval}: how often the head is polled (default a quarter block time, 100ms..2s)
 * @param tickWindowWords {@code tick-window-words}: V3 tick-bitmap words loaded each side of the current one at a
 *     (re-)read (default 4; widened per pool where quotes reach the edge)
 * @param priceFeeds {@code price-feeds}: Chainlink-style aggregators by token address (the token's USD price is the
 *     aggregator's {@code latestRoundData()} answer instead of its pool path)
 * @param priceFeedMaxAge {@code price-feed-max-age}: a feed answer older than this (by its {@code updatedAt}, against
 *     the block's timestamp) is not used; the token falls back to its pool path (default 25h: Chainlink's longest
 *     standard heartbeat is 24h)
 * @param wsUrl {@code ws-url}: WebSocket URLs ({@code ws://} or {@code wss://}, one or several, tried in order) of the
 *     chain's nodes, to be pushed new heads ({@code eth_subscribe newHeads}) instead of polling for them; absent: the
 *     head is polled every {@code poll-interval}
 */
public record ChainProperties(String rpcUrl, List<String> rpcUrls, String name, String key, String nativeSymbol,
        List<String> tokens, String wrappedNative, List<String> stablecoins, Map<String, DexProperties> dexes,
        Map<String, BridgeProperties> bridges, String router, String permit2, String multicall3,
        Integer confirmations, Duration blockTime, Duration maxStaleness, Duration pollInterval,
        Integer tickWindowWords, Map<String, String> priceFeeds, Duration priceFeedMaxAge, List<String> wsUrl) {

    /**
     * A DEX under {@code dexes.<providerKey>.}.
     *
     * @param kind the configuration name of a protocol room's kind ({@link DexKinds}; the room validates the rest)
     * @param factory the factory, for a kind that finds its pools through one
     * @param feeTiers {@code fee-tiers}: fee tiers in pips, for a kind that has them
     * @param pools an explicit pool list, for a kind without a factory
     * @param initCodeHash {@code init-code-hash}: pool init code hash (the kind's default when absent)
     * @param poolManager {@code pool-manager}: a singleton pool manager (Uniswap V4's {@code PoolManager})
     * @param stateView {@code state-view}: the lens reading that pool manager's state (Uniswap V4's {@code StateView})
     * @param hooksAllowlist {@code hooks-allowlist}: hooks contracts whose pools may be routed (Uniswap V4)
     * @param vault the vault every swap goes through, for a kind that has one (Balancer V2)
     * @param factories the pool factories whose pools are served, for a kind with several (Balancer V2)
     */
    public record DexProperties(String kind, String factory, List<Integer> feeTiers, List<String> pools,
            String initCodeHash, String poolManager, String stateView, List<String> hooksAllowlist, String vault,
            List<String> factories) {
    }

    /**
     * A bridge under {@code bridges.<providerKey>.}.
     *
     * @param spokePool {@code spoke-pool}: the bridge's contract on this chain, the one its adapter calls
     * @param lanes the lanes served from this chain
     * @param receiver Junction's receiver of this bridge's destination legs on this chain, as {@code junction deploy}
     *     printed it under {@code receivers} (a bridge whose legs arrive through one: CCTP's
     *     {@code JunctionCctpReceiver}); absent: a route cannot go on after this bridge into this chain
     */
    public record BridgeProperties(String spokePool, List<LaneProperties> lanes, String receiver) {
    }

    /**
     * One lane: {@code token} on this chain to {@code to-token} on {@code to-chain}.
     *
     * @param fixedFee in token units (default 0)
     * @param feeBps proportional fee (default 0)
     * @param destinationGasUsd destination gas charged, USD (default 0)
     * @param p50Seconds median fill time (default 10)
     * @param p90Seconds 90th percentile (default 30)
     * @param minAmount smallest input, token units (default 1)
     * @param capacity largest input, token units (default 2^128)
     */
    public record LaneProperties(String token, Long toChain, String toToken, String fixedFee, Integer feeBps,
            Double destinationGasUsd, Integer p50Seconds, Integer p90Seconds, String minAmount, String capacity) {
    }
}
