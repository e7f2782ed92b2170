package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One consistent, immutable state of the market at a version. A quote reads exactly one snapshot; an update produces a
 * new snapshot (see {@link Market}).
 */
public final class MarketSnapshot {

    private final long version;
    private final List<Chain> chains;
    private final List<Token> tokens;
    private final List<Provider> providers;
    private final List<Pool> pools;
    private final List<BridgeLane> lanes;
    private final Map<ChainId, ChainHead> heads;
    private final GasModel gas;

    private final Map<ChainId, Chain> chainById = new LinkedHashMap<>();
    private final Map<TokenKey, Token> tokenByKey = new HashMap<>();
    /**
     * The same tokens by (chain, address): an address's canonical text (EIP-55, or base58 as given) matches exactly when
     * its lower-case key does, so a lookup needs no lower-casing (it ran on every quote).
     */
    private final Map<AddressKey, Token> tokenByAddress = new HashMap<>();
    private final Map<ChainId, List<Token>> tokensByChain = new HashMap<>();
    private final Map<String, Provider> providerByKey = new LinkedHashMap<>();
    private final Map<String, Pool> poolById = new HashMap<>();
    private final Map<ChainId, List<Pool>> poolsByChain = new HashMap<>();
    /** Values computed from this snapshot alone ({@link Derivation}), each once. */
    private final Map<Derivation<?>, Object> derived = new ConcurrentHashMap<>(2);

    public MarketSnapshot(long version, List<Chain> chains, List<Token> tokens, List<Provider> providers,
            List<Pool> pools, List<BridgeLane> lanes) {
        this(version, chains, tokens, providers, pools, lanes, Map.of());
    }

    /** A snapshot whose chains' state is read at the given blocks, with the generic gas model. */
    public MarketSnapshot(long version, List<Chain> chains, List<Token> tokens, List<Provider> providers,
            List<Pool> pools, List<BridgeLane> lanes, Map<ChainId, ChainHead> heads) {
        this(version, chains, tokens, providers, pools, lanes, heads, GasModel.GENERIC);
    }

    /**
     * A snapshot whose chains' state is read at the given blocks (chain mode), whose quotes count gas with
     * {@code gas}.
     */
    public MarketSnapshot(long version, List<Chain> chains, List<Token> tokens, List<Provider> providers,
            List<Pool> pools, List<BridgeLane> lanes, Map<ChainId, ChainHead> heads, GasModel gas) {
        this.version = version;
        this.gas = gas;
        this.heads = Map.copyOf(heads);
        this.chains = List.copyOf(chains);
        this.tokens = List.copyOf(tokens);
        this.providers = List.copyOf(providers);
        this.pools = List.copyOf(pools);
        this.lanes = List.copyOf(lanes);
        for (Chain c : this.chains) {
            chainById.put(c.id(), c);
        }
        for (Token t : this.tokens) {
            tokenByKey.put(t.key(), t);
            tokenByAddress.put(new AddressKey(t.chain(), t.address()), t);
            tokensByChain.computeIfAbsent(t.chain(), k -> new ArrayList<>()).add(t);
        }
        for (Provider p : this.providers) {
            providerByKey.put(p.key(), p);
        }
        for (Pool p : this.pools) {
            poolById.put(p.id(), p);
            poolsByChain.computeIfAbsent(p.chain(), k -> new ArrayList<>()).add(p);
        }
    }

    /**
     * A value computed from one snapshot alone, such as the planner's route graph. A derivation registered with the
     * {@link Market} ({@link Market#deriveOnUpdate}) is computed by the market's writer before the snapshot is
     * published, so requests find it ready.
     */
    @FunctionalInterface
    public interface Derivation<T> {

        T compute(MarketSnapshot snapshot);
    }

    /**
     * The value of {@code derivation} for this snapshot: computed on the first call (a concurrent first call waits for
     * that one computation), the same instance after.
     */
    @SuppressWarnings("unchecked")
    public <T> T derived(Derivation<T> derivation) {
        Object value = derived.get(derivation);
        return value != null ? (T) value : (T) derived.computeIfAbsent(derivation, d -> derivation.compute(this));
    }

    /** Whether {@code derivation} was computed for this snapshot already. */
    public boolean hasDerived(Derivation<?> derivation) {
        return derived.containsKey(derivation);
    }

    public long version() {
        return version;
    }

    public List<Chain> chains() {
        return chains;
    }

    public Optional<Chain> chain(ChainId id) {
        return Optional.ofNullable(chainById.get(id));
    }

    public List<Token> tokens() {
        return tokens;
    }

    public List<Token> tokens(ChainId chain) {
        return Collections.unmodifiableList(tokensByChain.getOrDefault(chain, List.of()));
    }

    /** The token at this address on this chain; {@link Address#NATIVE} finds the native token. */
    public Optional<Token> token(ChainId chain, Address address) {
        return Optional.ofNullable(tokenByAddress.get(new AddressKey(chain, address)));
    }

    private record AddressKey(ChainId chain, Address address) {
    }

    /**
     * The chain's native token: the listed one, else one made from the chain's native symbol, decimals and logo, priced
     * as its wrapped form (0 without one).
     */
    public Token nativeToken(Chain chain) {
        return token(chain.id(), Address.NATIVE).orElseGet(() -> {
            double price = chain.wrappedNative() == null ? 0
                    : token(chain.id(), chain.wrappedNative()).map(Token::priceUsd).orElse(0.0);
            return new Token(chain.id(), Address.NATIVE, chain.nativeDecimals(), chain.nativeSymbol(),
                    chain.nativeSymbol(), chain.logoUrl(), price);
        });
    }

    public List<Provider> providers() {
        return providers;
    }

    /** Case-insensitive lookup by key. */
    public Optional<Provider> provider(String key) {
        return Optional.ofNullable(providerByKey.get(key.toLowerCase(Locale.ROOT)));
    }

    public List<Pool> pools() {
        return pools;
    }

    public List<Pool> pools(ChainId chain) {
        return Collections.unmodifiableList(poolsByChain.getOrDefault(chain, List.of()));
    }

    public Optional<Pool> pool(String id) {
        return Optional.ofNullable(poolById.get(id));
    }

    public List<BridgeLane> lanes() {
        return lanes;
    }

    /** The gas units its quotes count per step and per route (kept by every copy). */
    public GasModel gas() {
        return gas;
    }

    /** The block this snapshot reflects on the chain; empty for a generated market. */
    public Optional<ChainHead> head(ChainId chain) {
        return Optional.ofNullable(heads.get(chain));
    }

    /**
     * A copy at version + 1 in which one chain's record, tokens and pools are replaced and its head set (chain mode:
     * one chain's new block).
     */
    public MarketSnapshot withChain(Chain chain, List<Token> chainTokens, List<Pool> chainPools, ChainHead head) {
        List<Chain> nextChains = new ArrayList<>();
        for (Chain c : chains) {
            nextChains.add(c.id().equals(chain.id()) ? chain : c);
        }
        if (!chainById.containsKey(chain.id())) {
            nextChains.add(chain);
        }
        List<Token> nextTokens = new ArrayList<>();
        for (Token t : tokens) {
            if (!t.chain().equals(chain.id())) {
                nextTokens.add(t);
            }
        }
        nextTokens.addAll(chainTokens);
        List<Pool> nextPools = new ArrayList<>();
        for (Pool p : pools) {
            if (!p.chain().equals(chain.id())) {
                nextPools.add(p);
            }
        }
        nextPools.addAll(chainPools);
        Map<ChainId, ChainHead> nextHeads = new HashMap<>(heads);
        nextHeads.put(chain.id(), head);
        return new MarketSnapshot(version + 1, nextChains, nextTokens, providers, nextPools, lanes, nextHeads, gas);
    }

    /** A copy at version + 1 with the given pools replaced (matched by id). */
    public MarketSnapshot withPools(List<Pool> replaced) {
        Map<String, Pool> byId = new LinkedHashMap<>();
        for (Pool p : pools) {
            byId.put(p.id(), p);
        }
        for (Pool p : replaced) {
            if (!byId.containsKey(p.id())) {
                throw new IllegalArgumentException("no pool " + p.id() + " in the market");
            }
            byId.put(p.id(), p);
        }
        return new MarketSnapshot(version + 1, chains, tokens, providers, List.copyOf(byId.values()), lanes, heads,
                gas);
    }

    /** A copy at version + 1 with new reference prices (by token key; tokens not in the map keep their price). */
    public MarketSnapshot withPrices(Map<TokenKey, Double> prices) {
        List<Token> next = new ArrayList<>(tokens.size());
        for (Token t : tokens) {
            Double p = prices.get(t.key());
            next.add(p == null ? t : new Token(t.chain(), t.address(), t.decimals(), t.symbol(), t.name(), t.iconUrl(), p));
        }
        return new MarketSnapshot(version + 1, chains, next, providers, pools, lanes, heads, gas);
    }
}
