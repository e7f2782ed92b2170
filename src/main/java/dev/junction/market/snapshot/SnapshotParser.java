package dev.junction.market.snapshot;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.TokenKey;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Turns schema-valid snapshot documents into a {@link MarketSnapshot}, checking the rules that span entries and files:
 * unique ids, EIP-55 checksums, references to known chains, tokens and providers, decimals that agree, Uniswap V3 fee
 * tier and tick spacing, tick and liquidity bookkeeping, and each pool's price against its tokens' reference prices
 * ({@link PoolPrices#MAX_DEVIATION}).
 */
final class SnapshotParser {

    private final Map<String, String> files;
    private final Problems problems;

    private final Map<ChainId, Chain> chains = new LinkedHashMap<>();
    private final Map<TokenKey, Token> tokens = new LinkedHashMap<>();
    private final Map<String, Provider> providers = new LinkedHashMap<>();
    private final List<Pool> pools = new ArrayList<>();
    private final List<BridgeLane> lanes = new ArrayList<>();
    /** Addresses already parsed and found valid, by their text (checksums cost a Keccak each). */
    private final Map<String, Address> parsed = new HashMap<>();

    /**
     * @param files display name of each file by part ({@code chains}, {@code tokens}, ...)
     */
    SnapshotParser(Map<String, String> files, Problems problems) {
        this.files = files;
        this.problems = problems;
    }

    MarketSnapshot parse(Map<String, JsonNode> docs) {
        List<JsonNode> chainNodes = entries(docs.get("chains"), "chains");
        for (int i = 0; i < chainNodes.size(); i++) {
            chain(new Entry("chains", i, chainNodes.get(i)));
        }
        List<JsonNode> tokenNodes = entries(docs.get("tokens"), "tokens");
        for (int i = 0; i < tokenNodes.size(); i++) {
            token(new Entry("tokens", i, tokenNodes.get(i)));
        }
        for (int i = 0; i < chainNodes.size(); i++) {
            chainTokens(new Entry("chains", i, chainNodes.get(i)));
        }
        List<JsonNode> providerNodes = entries(docs.get("providers"), "providers");
        for (int i = 0; i < providerNodes.size(); i++) {
            provider(new Entry("providers", i, providerNodes.get(i)));
        }
        new PoolParser(this).parseAll(entries(docs.get("pools"), "pools"));
        new LaneParser(this).parseAll(entries(docs.get("lanes"), "lanes"));
        return new MarketSnapshot(1, List.copyOf(chains.values()), List.copyOf(tokens.values()),
                List.copyOf(providers.values()), pools, lanes);
    }

    private static List<JsonNode> entries(JsonNode doc, String array) {
        List<JsonNode> out = new ArrayList<>();
        doc.get(array).forEach(out::add);
        return out;
    }

    /** A position in a file: the array ({@code pools}), the index and the node. */
    record Entry(String part, int index, JsonNode node) {

        String where() {
            return part + "[" + index + "]";
        }

        String text(String field) {
            return node.get(field).asString();
        }

        int integer(String field) {
            return node.get(field).asInt();
        }

        BigInteger big(String field) {
            return new BigInteger(node.get(field).asString());
        }
    }

    /** A short name that finds the entry in its file: its id, or chain and symbol for a token. */
    static String label(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        if (node.has("id") && node.get("id").isString()) {
            return node.get("id").asString();
        }
        if (node.has("key") && node.get("key").isString()) {
            return node.get("key").asString();
        }
        if (node.has("symbol") && node.has("chain")) {
            return node.get("symbol").asString() + " on chain " + node.get("chain").asString();
        }
        if (node.has("id")) {
            return "id " + node.get("id").asString();
        }
        return null;
    }

    void problem(Entry e, String field, String rule) {
        problems.add(files.get(e.part()), e.where(), label(e.node()), field, rule);
    }

    // ------------------------------------------------------------------ chains

    private void chain(Entry e) {
        ChainId id = ChainId.of(e.node().get("id").asLong());
        if (chains.containsKey(id)) {
            problem(e, "id", "duplicate chain id " + id);
            return;
        }
        boolean evm = e.node().get("evm").asBoolean();
        if (id.isSolana() && evm) {
            problem(e, "evm", "must be false for Solana (chain " + id + ")");
        }
        for (Chain other : chains.values()) {
            if (other.key().equals(e.text("key"))) {
                problem(e, "key", "duplicate chain key " + e.text("key"));
            }
        }
        Address wrapped = address(e, "wrappedNative", !evm);
        Address router = contract(e, "router", evm);
        Address executor = contract(e, "gaslessExecutor", evm);
        if (wrapped == null || (evm && (router == null || executor == null))) {
            return;
        }
        chains.put(id, new Chain(id, e.text("key"), e.text("name"), e.text("logoUrl"), e.text("nativeSymbol"),
                e.integer("nativeDecimals"), wrapped, e.integer("blockTimeMs"), e.integer("confirmations"),
                e.big("baseFeeWei"), e.big("priorityFeeWei"), e.big("l1DataFeeWei"), router, executor, evm));
    }

    /** Junction's own contract on an EVM chain (required there), null on a chain without Junction contracts. */
    private Address contract(Entry e, String field, boolean evm) {
        JsonNode v = e.node().get(field);
        if (!evm) {
            if (!v.isNull()) {
                problem(e, field, "must be null on a non-EVM chain (Junction has no contracts there)");
            }
            return null;
        }
        if (v.isNull()) {
            problem(e, field, "is required on an EVM chain");
            return null;
        }
        return address(e, field, false);
    }

    /** After tokens: the wrapped native token and the native token exist and agree with the chain. */
    private void chainTokens(Entry e) {
        Chain c = chains.get(ChainId.of(e.node().get("id").asLong()));
        if (c == null) {
            return;
        }
        if (!tokens.containsKey(new TokenKey(c.id(), c.wrappedNative().lower()))) {
            problem(e, "wrappedNative", "no token " + c.wrappedNative() + " on chain " + c.id() + " in "
                    + files.get("tokens"));
        }
        Token nativeToken = tokens.get(new TokenKey(c.id(), Address.NATIVE.lower()));
        if (nativeToken == null) {
            problem(e, "nativeSymbol", "no native token (address " + Address.NATIVE + ") on chain " + c.id() + " in "
                    + files.get("tokens"));
        } else if (!nativeToken.symbol().equals(c.nativeSymbol()) || nativeToken.decimals() != c.nativeDecimals()) {
            problem(e, "nativeDecimals", "the native token in " + files.get("tokens") + " is " + nativeToken.symbol()
                    + " with " + nativeToken.decimals() + " decimals; the chain says " + c.nativeSymbol() + " with "
                    + c.nativeDecimals());
        }
    }

    // ------------------------------------------------------------------ tokens

    private void token(Entry e) {
        Chain c = knownChain(e, "chain");
        if (c == null) {
            return;
        }
        Address a = address(e, "address", !c.evm());
        if (a == null) {
            return;
        }
        TokenKey key = new TokenKey(c.id(), a.lower());
        if (tokens.containsKey(key)) {
            problem(e, "address", "duplicate token " + a + " on chain " + c.id());
            return;
        }
        tokens.put(key, new Token(c.id(), a, e.integer("decimals"), e.text("symbol"), e.text("name"),
                e.text("iconUrl"), e.node().get("priceUsd").asDouble()));
    }

    // ------------------------------------------------------------------ providers

    private void provider(Entry e) {
        String key = e.text("key");
        if (providers.containsKey(key)) {
            problem(e, "key", "duplicate provider key " + key);
            return;
        }
        ProviderType type = "dex".equals(e.text("type")) ? ProviderType.DEX : ProviderType.BRIDGE;
        providers.put(key, new Provider(key, e.text("name"), type, e.text("iconUrl")));
    }

    // ------------------------------------------------------------------ shared checks, used by pools and lanes

    /** The chain the field names, or null (reported) when the snapshot has no such chain. */
    Chain knownChain(Entry e, String field) {
        ChainId id = ChainId.of(e.node().get(field).asLong());
        Chain c = chains.get(id);
        if (c == null) {
            problem(e, field, "unknown chain " + id + " (not in " + files.get("chains") + ")");
        }
        return c;
    }

    /** The provider the field names, of the given type, or null (reported). */
    Provider knownProvider(Entry e, String field, ProviderType type) {
        Provider p = providers.get(e.text(field));
        if (p == null) {
            problem(e, field, "unknown provider " + e.text(field) + " (not in " + files.get("providers") + ")");
        } else if (p.type() != type) {
            problem(e, field, "provider " + p.key() + " is a " + p.type().wire() + ", not a " + type.wire());
            return null;
        }
        return p;
    }

    /** The token at the address in the field, on the chain, or null (reported). */
    Token knownToken(Entry e, String field, Chain chain, JsonNode value) {
        Address a = parseAddress(e, field, value.asString(), !chain.evm());
        if (a == null) {
            return null;
        }
        Token t = tokens.get(new TokenKey(chain.id(), a.lower()));
        if (t == null) {
            problem(e, field, "unknown token " + a + " on chain " + chain.id() + " (not in " + files.get("tokens") + ")");
        }
        return t;
    }

    Address address(Entry e, String field, boolean solana) {
        return parseAddress(e, field, e.text(field), solana);
    }

    /**
     * An address as the files must hold it: EIP-55 checksum form on EVM chains (and for the native placeholder
     * everywhere), base58 on Solana. Null (reported) otherwise.
     */
    private Address parseAddress(Entry e, String field, String text, boolean solana) {
        Address known = parsed.get(text);
        if (known != null && known.solana() == (solana && !text.startsWith("0x"))) {
            return known;
        }
        try {
            if (solana && !text.startsWith("0x")) {
                Address a = Address.solana(text);
                parsed.put(text, a);
                return a;
            }
            Address a = Address.evm(text);
            if (!a.value().equals(text)) {
                problem(e, field, "address " + text + " is not in EIP-55 checksum form (expected " + a.value() + ")");
                return null;
            }
            if (solana && !a.isNative()) {
                problem(e, field, "a Solana address must be base58, except the native placeholder " + Address.NATIVE);
                return null;
            }
            parsed.put(text, a);
            return a;
        } catch (IllegalArgumentException ex) {
            if (text.matches("0x[0-9a-fA-F]{40}")) {
                problem(e, field, "address " + text + " fails its EIP-55 checksum (these bytes check-sum as "
                        + Address.evm(text.toLowerCase(Locale.ROOT)).value() + "; a typo changes the bytes too)");
            } else {
                problem(e, field, "bad address " + text + ": " + ex.getMessage());
            }
            return null;
        }
    }

    Map<TokenKey, Token> tokens() {
        return tokens;
    }

    void addPool(Pool p) {
        pools.add(p);
    }

    void addLane(BridgeLane l) {
        lanes.add(l);
    }
}
