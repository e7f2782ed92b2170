package dev.junction.nodes;

import static dev.junction.nodes.ConfigValues.address;
import static dev.junction.nodes.ConfigValues.addresses;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.nodes.ChainProperties.BridgeProperties;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainProperties.LaneProperties;
import dev.junction.nodes.ChainSettings.Bridge;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.ChainSettings.Lane;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Validates one chain's {@code junction.chains.<id>.*} ({@link ChainsSettings#bind} reads them all). Every rule that
 * fails throws a {@link ChainConfigException} naming the property.
 */
final class ChainsConfig {

    private static final String PREFIX = ChainsSettings.PREFIX;

    private static final Pattern KEY = Pattern.compile("[a-z0-9][a-z0-9-]*");

    private ChainsConfig() {
    }

    /** Validates one chain's properties; {@code idText} is the key under {@code junction.chains}. */
    static ChainSettings validate(String idText, ChainProperties p, DexKinds kinds) {
        String at = PREFIX + "." + idText + ".";
        long idValue;
        try {
            idValue = Long.parseLong(idText.trim());
        } catch (NumberFormatException e) {
            throw new ChainConfigException(PREFIX + "." + idText + ": the key under " + PREFIX
                    + " must be a chain id (a positive integer)");
        }
        if (idValue <= 0) {
            throw new ChainConfigException(PREFIX + "." + idText + ": the chain id must be > 0");
        }
        ChainId id = ChainId.of(idValue);
        List<URI> urls = new ArrayList<>();
        if (p.rpcUrl() != null && !p.rpcUrl().isBlank()) {
            urls.add(url(at + "rpc-url", p.rpcUrl()));
        }
        List<String> list = p.rpcUrls() == null ? List.of() : p.rpcUrls();
        for (int i = 0; i < list.size(); i++) {
            urls.add(url(at + "rpc-urls[" + i + "]", list.get(i)));
        }
        if (urls.isEmpty()) {
            throw new ChainConfigException(at + "rpc-url (or rpc-urls) is required");
        }
        String name = p.name() == null || p.name().isBlank() ? "Chain " + idValue : p.name().trim();
        String key = p.key() == null || p.key().isBlank()
                ? name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "")
                : p.key().trim();
        List<Address> tokens = addresses(at + "tokens", p.tokens());
        if (tokens.isEmpty()) {
            throw new ChainConfigException(at + "tokens must list at least one ERC-20 address");
        }
        if (new LinkedHashSet<>(tokens).size() != tokens.size()) {
            throw new ChainConfigException(at + "tokens lists an address twice");
        }
        Address wrapped = p.wrappedNative() == null ? null : address(at + "wrapped-native", p.wrappedNative());
        if (wrapped != null && !tokens.contains(wrapped)) {
            throw new ChainConfigException(at + "wrapped-native " + wrapped + " must also be listed in " + at
                    + "tokens");
        }
        List<Address> stables = addresses(at + "stablecoins", p.stablecoins());
        for (int i = 0; i < stables.size(); i++) {
            if (!tokens.contains(stables.get(i))) {
                throw new ChainConfigException(at + "stablecoins[" + i + "] " + stables.get(i)
                        + " must also be listed in " + at + "tokens");
            }
        }
        Map<String, Dex> dexes = new LinkedHashMap<>();
        Map<String, DexProperties> rawDexes = p.dexes() == null ? Map.of() : p.dexes();
        for (Map.Entry<String, DexProperties> d : rawDexes.entrySet()) {
            dexes.put(d.getKey(), dex(at + "dexes." + d.getKey() + ".", d.getKey(), d.getValue(), kinds)
                    .withWrappedNative(wrapped));
        }
        Map<String, Bridge> bridges = new LinkedHashMap<>();
        Map<String, BridgeProperties> rawBridges = p.bridges() == null ? Map.of() : p.bridges();
        for (Map.Entry<String, BridgeProperties> b : rawBridges.entrySet()) {
            bridges.put(b.getKey(), bridge(at + "bridges." + b.getKey() + ".", b.getKey(), b.getValue(), tokens));
        }
        Address router = p.router() == null || p.router().isBlank() ? null : address(at + "router", p.router());
        Address permit2 = p.permit2() == null ? ChainSettings.CANONICAL_PERMIT2 : address(at + "permit2", p.permit2());
        Address multicall3 = p.multicall3() == null ? ChainSettings.CANONICAL_MULTICALL3
                : address(at + "multicall3", p.multicall3());
        int confirmations = p.confirmations() == null ? 1 : p.confirmations();
        if (confirmations < 0 || confirmations > 1000) {
            throw new ChainConfigException(at + "confirmations must be from 0 to 1000, was " + confirmations);
        }
        Duration blockTime = p.blockTime() == null ? Duration.ofSeconds(2) : p.blockTime();
        positive(at + "block-time", blockTime);
        Duration staleness = p.maxStaleness() == null
                ? max(blockTime.multipliedBy(3), Duration.ofSeconds(3)) : p.maxStaleness();
        positive(at + "max-staleness", staleness);
        Duration poll = p.pollInterval() == null
                ? clamp(blockTime.dividedBy(4), Duration.ofMillis(100), Duration.ofSeconds(2)) : p.pollInterval();
        positive(at + "poll-interval", poll);
        int window = p.tickWindowWords() == null ? 4 : p.tickWindowWords();
        if (window < 0 || window > 64) {
            throw new ChainConfigException(at + "tick-window-words must be from 0 to 64, was " + window);
        }
        String nativeSymbol = p.nativeSymbol() == null || p.nativeSymbol().isBlank() ? "ETH" : p.nativeSymbol().trim();
        Map<Address, Address> feeds = new LinkedHashMap<>();
        Map<String, String> rawFeeds = p.priceFeeds() == null ? Map.of() : p.priceFeeds();
        for (Map.Entry<String, String> f : rawFeeds.entrySet()) {
            String feedAt = at + "price-feeds." + f.getKey();
            Address token = address(feedAt, f.getKey());
            if (!tokens.contains(token)) {
                throw new ChainConfigException(feedAt + ": the token " + token + " must also be listed in " + at
                        + "tokens");
            }
            if (stables.contains(token)) {
                throw new ChainConfigException(feedAt + ": " + token + " is a stablecoin (worth $1 by definition): "
                        + "give it a price feed or list it in " + at + "stablecoins, not both");
            }
            feeds.put(token, address(feedAt, f.getValue()));
        }
        Duration feedMaxAge = p.priceFeedMaxAge() == null ? ChainSettings.DEFAULT_PRICE_FEED_MAX_AGE
                : p.priceFeedMaxAge();
        positive(at + "price-feed-max-age", feedMaxAge);
        List<URI> wsUrls = new ArrayList<>();
        List<String> rawWs = p.wsUrl() == null ? List.of() : p.wsUrl();
        for (int i = 0; i < rawWs.size(); i++) {
            wsUrls.add(wsUrl(at + "ws-url[" + i + "]", rawWs.get(i)));
        }
        return new ChainSettings(id, name, key, nativeSymbol, urls, tokens, wrapped, stables, dexes, bridges, router,
                permit2, multicall3, confirmations, blockTime, staleness, poll, window, feeds, feedMaxAge, wsUrls);
    }

    private static Dex dex(String at, String key, DexProperties d, DexKinds kinds) {
        if (!KEY.matcher(key).matches()) {
            throw new ChainConfigException(at.substring(0, at.length() - 1)
                    + ": a provider key is lower-case letters, digits and dashes");
        }
        List<String> names = kinds.names();
        String listed = names.size() == 1 ? names.getFirst()
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
        if (d == null || d.kind() == null) {
            throw new ChainConfigException(at + "kind is required: " + listed);
        }
        String kind = names.stream().filter(n -> n.equalsIgnoreCase(d.kind().trim())).findFirst()
                .orElseThrow(() -> new ChainConfigException(at + "kind must be " + listed + ", was " + d.kind()));
        return kinds.validate(at, key, kind, d);
    }

    private static Bridge bridge(String at, String key, BridgeProperties b, List<Address> tokens) {
        if (!KEY.matcher(key).matches()) {
            throw new ChainConfigException(at.substring(0, at.length() - 1)
                    + ": a provider key is lower-case letters, digits and dashes");
        }
        if (b == null || b.spokePool() == null) {
            throw new ChainConfigException(at + "spoke-pool is required");
        }
        Address spoke = address(at + "spoke-pool", b.spokePool());
        List<Lane> lanes = new ArrayList<>();
        List<LaneProperties> raw = b.lanes() == null ? List.of() : b.lanes();
        for (int i = 0; i < raw.size(); i++) {
            String l = at + "lanes[" + i + "].";
            LaneProperties lp = raw.get(i);
            if (lp.token() == null || lp.toChain() == null || lp.toToken() == null) {
                throw new ChainConfigException(l + "token, to-chain and to-token are required");
            }
            Address token = address(l + "token", lp.token());
            if (!tokens.contains(token)) {
                throw new ChainConfigException(l + "token " + token + " must be listed in the chain's tokens");
            }
            if (lp.toChain() <= 0) {
                throw new ChainConfigException(l + "to-chain must be a chain id > 0");
            }
            int feeBps = lp.feeBps() == null ? 0 : lp.feeBps();
            if (feeBps < 0 || feeBps >= 10_000) {
                throw new ChainConfigException(l + "fee-bps must be from 0 to 9999");
            }
            int p50 = lp.p50Seconds() == null ? 10 : lp.p50Seconds();
            int p90 = lp.p90Seconds() == null ? Math.max(30, p50) : lp.p90Seconds();
            if (p50 < 0 || p90 < p50) {
                throw new ChainConfigException(l + "p50-seconds must be >= 0 and p90-seconds >= p50-seconds");
            }
            double gasUsd = lp.destinationGasUsd() == null ? 0 : lp.destinationGasUsd();
            if (!(gasUsd >= 0)) {
                throw new ChainConfigException(l + "destination-gas-usd must be >= 0");
            }
            lanes.add(new Lane(token, ChainId.of(lp.toChain()), address(l + "to-token", lp.toToken()),
                    amount(l + "fixed-fee", lp.fixedFee(), BigInteger.ZERO), feeBps, gasUsd, p50, p90,
                    amount(l + "min-amount", lp.minAmount(), BigInteger.ONE),
                    amount(l + "capacity", lp.capacity(), BigInteger.TWO.pow(128))));
        }
        Address receiver = b.receiver() == null || b.receiver().isBlank() ? null
                : address(at + "receiver", b.receiver());
        return new Bridge(key, spoke, lanes, receiver);
    }

    private static BigInteger amount(String at, String text, BigInteger dflt) {
        if (text == null || text.isBlank()) {
            return dflt;
        }
        try {
            BigInteger v = new BigInteger(text.trim());
            if (v.signum() < 0) {
                throw new ChainConfigException(at + " must be >= 0");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ChainConfigException(at + " must be a base-10 integer in the token's smallest units, was "
                    + text);
        }
    }

    private static URI url(String at, String text) {
        try {
            URI u = URI.create(text.trim());
            if (u.getScheme() == null || !(u.getScheme().equals("http") || u.getScheme().equals("https"))
                    || u.getHost() == null) {
                throw new ChainConfigException(at + " must be an http(s) URL");
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new ChainConfigException(at + " must be an http(s) URL");
        }
    }

    private static URI wsUrl(String at, String text) {
        String rule = at + " must be a ws:// or wss:// URL of the chain's node (anvil, geth and reth serve WebSocket on"
                + " their RPC port or --ws.port), was \"" + text + "\"";
        try {
            URI u = URI.create(text.trim());
            if (u.getScheme() == null || !(u.getScheme().equals("ws") || u.getScheme().equals("wss"))
                    || u.getHost() == null) {
                throw new ChainConfigException(rule);
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new ChainConfigException(rule);
        }
    }

    private static void positive(String at, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new ChainConfigException(at + " must be > 0, was " + d);
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static Duration clamp(Duration d, Duration lo, Duration hi) {
        return d.compareTo(lo) < 0 ? lo : d.compareTo(hi) > 0 ? hi : d;
    }
}
