package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.ChainHead;
import dev.junction.market.Pool;
import dev.junction.market.Token;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.PoolFacts;
import dev.junction.protocol.PoolState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A chain's state as market values: the {@link Chain} (gas from the block), its tokens priced in USD from the pools
 * themselves (each token by its deepest path to a configured stablecoin, worth $1, or to a token with a configured
 * price feed, worth its feed's answer; the native token at its wrapped token's price), and its usable pools.
 *
 * <p>Incremental: one instance per followed chain keeps, per pool, the last {@link PoolState} it saw with the numbers
 * derived from it (whole-token amounts, spot price, liquidityNet) and the market {@link Pool} it built. A new block
 * converts only the pools whose state changed, or whose tokens' USD price changed (the pool's liquidityUsd); the
 * prices are recomputed only when a usable pool's amounts or spot price changed, and then over those cached numbers
 * (no BigInteger work); the pools' sorted order is redone only when the set of usable pools changed. The result is
 * the same as a full rebuild ({@link #of}) of the same state, to the bit. Thread-safe (one build at a time).
 */
final class ChainView {

    private final ChainSettings settings;
    private final List<TokenInfo> infos;
    /** The served tokens' decimals, for the rooms' facts. */
    private final Map<Address, Integer> decimals = new HashMap<>();
    /** Token index for the price arrays: served tokens, stablecoins, and any other token a pool holds. */
    private final Map<Address, Integer> index = new HashMap<>();
    private final BitSet stable = new BitSet();
    private final Map<Address, Entry> entries = new HashMap<>();
    /** The pools of the last state built: the next state's are compared with them leaf by leaf. */
    private PoolMap seen;
    private long generation;
    private boolean reorder;
    /** Usable pools, sorted by address: the pricing order and the order of the part's pools. */
    private Entry[] order = new Entry[0];
    /** The facts the last prices were computed from, in order, and those prices by token index (NaN: none). */
    private Facts[] pricedFrom;
    private double[] prices = new double[0];
    private Map<Address, ChainState.FeedAnswer> pricedFeeds = Map.of();

    ChainView(ChainSettings settings, List<TokenInfo> infos) {
        this.settings = settings;
        this.infos = List.copyOf(infos);
        for (TokenInfo t : infos) {
            decimals.put(t.address(), t.decimals());
        }
        for (TokenInfo t : infos) {
            indexOf(t.address());
        }
        for (Address a : settings.stablecoins()) {
            stable.set(indexOf(a));
        }
    }

    /** The chain, its tokens and its pools. */
    record Part(Chain chain, List<Token> tokens, List<Pool> pools, ChainHead head) {
    }

    /** A full build of one state (no earlier state to reuse). */
    static Part of(ChainSettings s, List<TokenInfo> infos, ChainState state, BigInteger gasPrice) {
        return new ChainView(s, infos).part(state, gasPrice);
    }

    /** The tokens this view prices and serves. */
    List<TokenInfo> infos() {
        return infos;
    }

    /** The market part of {@code state}, reusing what did not change since the last call. */
    synchronized Part part(ChainState state, BigInteger gasPrice) {
        PoolMap now = PoolMap.copyOf(state.pools());
        if (now.sameLineage(seen)) {
            // Only the pools that differ from the last state built (the next block's, or an older one after a reorg).
            now.diff(seen, p -> reorder |= see(p), gone -> reorder |= forget(gone.address()));
        } else {
            generation++;
            for (PoolState p : now.values()) {
                reorder |= see(p);
                entries.get(p.address()).seen = generation;
            }
            for (Entry e : List.copyOf(entries.values())) {
                if (e.seen != generation) {
                    reorder |= forget(e.state.address());
                }
            }
        }
        seen = now;
        if (reorder) {
            order = entries.values().stream().filter(e -> e.facts.usable())
                    .sorted(Comparator.comparing((Entry e) -> e.key)).toArray(Entry[]::new);
            reorder = false;
        }
        Facts[] facts = new Facts[order.length];
        for (int i = 0; i < order.length; i++) {
            facts[i] = order[i].facts;
        }
        boolean[] repriced = null;
        if (pricedFrom == null || !samePricing(pricedFrom, facts) || prices.length != index.size()
                || !freshFeeds(state).equals(pricedFeeds)) {
            pricedFeeds = freshFeeds(state);
            double[] next = prices(facts, pricedFeeds);
            repriced = new boolean[next.length];
            for (int i = 0; i < next.length; i++) {
                repriced[i] = i >= prices.length
                        || Double.doubleToRawLongBits(next[i]) != Double.doubleToRawLongBits(prices[i]);
            }
            prices = next;
            pricedFrom = facts;
        }
        List<Token> tokens = new ArrayList<>();
        for (TokenInfo t : infos) {
            tokens.add(new Token(settings.id(), t.address(), t.decimals(), t.symbol(), t.name(), "",
                    price(t.address())));
        }
        if (settings.wrappedNative() != null) {
            tokens.add(new Token(settings.id(), Address.NATIVE, 18, settings.nativeSymbol(), settings.nativeSymbol(),
                    "", price(settings.wrappedNative())));
        }
        List<Pool> pools = new ArrayList<>(order.length);
        for (Entry e : order) {
            // A pool is rebuilt when its state changed, or a token it holds changed price (its liquidityUsd).
            if (e.pool == null || e.holdsAny(repriced)) {
                e.pool = pool(e.facts);
            }
            pools.add(e.pool);
        }
        BigInteger base = state.baseFee();
        BigInteger priority = gasPrice.subtract(base).max(BigInteger.ZERO);
        Chain chain = new Chain(settings.id(), settings.key(), settings.name(), "", settings.nativeSymbol(), 18,
                settings.wrappedNative(), (int) settings.blockTime().toMillis(), settings.confirmations(), base,
                priority, BigInteger.ZERO, settings.router(), null, true);
        return new Part(chain, tokens, pools, new ChainHead(settings.id(), state.block(), state.hash(),
                state.timestamp()));
    }

    /** Takes a pool's state into its entry; answers whether the set of usable pools changed. */
    private boolean see(PoolState p) {
        Entry e = entries.get(p.address());
        if (e == null) {
            e = new Entry(p.address().lower());
            entries.put(p.address(), e);
        }
        if (e.state == p) {
            return false;
        }
        Facts f = facts(p);
        boolean flipped = e.facts == null ? f.usable() : e.facts.usable() != f.usable();
        e.state = p;
        e.facts = f;
        e.pool = null;
        return flipped;
    }

    /** Drops a pool the state no longer holds; answers whether it was usable. */
    private boolean forget(Address pool) {
        Entry e = entries.remove(pool);
        return e != null && e.facts.usable();
    }

    /** A pool's cached entry: the state last seen, its facts, and the market pool built from them. */
    private static final class Entry {
        final String key;
        PoolState state;
        Facts facts;
        Pool pool;
        long seen;

        Entry(String key) {
            this.key = key;
        }

        boolean holdsAny(boolean[] tokens) {
            if (tokens != null) {
                for (int t : facts.tokens()) {
                    if (tokens[t]) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /**
     * What a pool state gives the view, computed once per state: the token indexes (token0, token1, then every token
     * the pool holds), and its room's facts (whole-token amounts, spot price, the market pool's inputs).
     */
    private record Facts(boolean usable, String id, int t0, int t1, int[] tokens, double[] amounts,
            double oneInZero, PoolFacts room) {
    }

    private Facts facts(PoolState p) {
        String id = poolId(settings, p);
        PoolFacts room = p.usable() ? p.facts(decimals).orElse(null) : null;
        if (room == null) {
            return new Facts(false, id, -1, -1, new int[0], new double[0], Double.NaN, null);
        }
        List<Address> held = room.tokens();
        int t0 = indexOf(held.get(0));
        int t1 = indexOf(held.get(1));
        int[] tokens = new int[held.size()];
        for (int i = 0; i < tokens.length; i++) {
            tokens[i] = indexOf(held.get(i));
        }
        return new Facts(true, id, t0, t1, tokens, room.amounts(), room.oneInZero(), room);
    }

    private Pool pool(Facts f) {
        double usd = 0;
        for (int i = 0; i < f.tokens().length; i++) {
            usd += f.amounts()[i] * priceAt(f.tokens()[i]);
        }
        return f.room().pool(f.id(), settings.id(), usd);
    }

    private int indexOf(Address token) {
        return index.computeIfAbsent(token, k -> index.size());
    }

    /** The USD price of a token, 0 when it has none. */
    private double price(Address token) {
        Integer i = index.get(token);
        return i == null ? 0.0 : priceAt(i);
    }

    private double priceAt(int i) {
        double p = i < prices.length ? prices[i] : Double.NaN;
        return Double.isNaN(p) ? 0.0 : p;
    }

    /** Whether two pricing inputs give the same prices: the same tokens, amounts and spot prices, in order. */
    private static boolean samePricing(Facts[] a, Facts[] b) {
        if (a == b) {
            return true;
        }
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            Facts x = a[i];
            Facts y = b[i];
            if (x != y && (x.t0() != y.t0() || x.t1() != y.t1()
                    || Double.doubleToRawLongBits(x.oneInZero()) != Double.doubleToRawLongBits(y.oneInZero())
                    || Double.doubleToRawLongBits(x.amounts()[0]) != Double.doubleToRawLongBits(y.amounts()[0])
                    || Double.doubleToRawLongBits(x.amounts()[1]) != Double.doubleToRawLongBits(y.amounts()[1]))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The price feeds whose answer is at most {@code price-feed-max-age} older than the block: a feed that stopped
     * updating prices nothing, its token falls back to its pool path.
     */
    private Map<Address, ChainState.FeedAnswer> freshFeeds(ChainState state) {
        Map<Address, ChainState.FeedAnswer> fresh = new HashMap<>();
        state.feeds().forEach((token, answer) -> {
            if (answer.freshAt(state.timestamp(), settings.priceFeedMaxAge())) {
                fresh.put(token, answer);
            }
        });
        return fresh;
    }

    /**
     * Each token's USD price (by token index; NaN: none) by its deepest path to a stablecoin: stablecoins are $1, a
     * token with a price feed is the feed's answer; any other token takes its price from the pool (with a priced token)
     * whose path to a stablecoin or fed token has the largest bottleneck depth in USD. Rounds over the pools in address
     * order until nothing changes (at most tokens + 1).
     */
    private double[] prices(Facts[] pools, Map<Address, ChainState.FeedAnswer> feeds) {
        // Anchors: the stablecoins at $1 and the tokens whose price feed answered a positive price, each as deep as
        // can be; the pools never re-price an anchor.
        BitSet anchors = (BitSet) stable.clone();
        Map<Integer, Double> fed = new HashMap<>();
        feeds.forEach((token, answer) -> {
            double usd = answer.usd();
            if (Double.isFinite(usd) && usd > 0) {
                int i = indexOf(token);
                anchors.set(i);
                fed.put(i, usd);
            }
        });
        int n = index.size();
        double[] price = new double[n];
        double[] depth = new double[n];
        Arrays.fill(price, Double.NaN);
        for (int i = anchors.nextSetBit(0); i >= 0; i = anchors.nextSetBit(i + 1)) {
            price[i] = fed.getOrDefault(i, 1.0);
            depth[i] = Double.POSITIVE_INFINITY;
        }
        // The pools with a spot price, as flat arrays (pools without one never price anything).
        int m = 0;
        int[] token0 = new int[pools.length];
        int[] token1 = new int[pools.length];
        double[] amount0 = new double[pools.length];
        double[] amount1 = new double[pools.length];
        double[] oneInZero = new double[pools.length];
        for (Facts p : pools) {
            if (Double.isFinite(p.oneInZero()) && p.oneInZero() > 0) {
                token0[m] = p.t0();
                token1[m] = p.t1();
                amount0[m] = p.amounts()[0];
                amount1[m] = p.amounts()[1];
                oneInZero[m] = p.oneInZero();
                m++;
            }
        }
        for (int round = 0; round < decimals.size() + 1; round++) {
            boolean changed = false;
            for (int k = 0; k < m; k++) {
                for (int side = 0; side < 2; side++) {
                    int known = side == 0 ? token0[k] : token1[k];
                    int other = side == 0 ? token1[k] : token0[k];
                    double pk = price[known];
                    if (Double.isNaN(pk) || anchors.get(other)) {
                        continue;
                    }
                    double poolDepth = (side == 0 ? amount0[k] : amount1[k]) * pk;
                    double through = Math.min(depth[known], poolDepth);
                    double candidate = side == 0 ? pk * oneInZero[k] : pk / oneInZero[k];
                    if (through > depth[other] && Double.isFinite(candidate)) {
                        price[other] = candidate;
                        depth[other] = through;
                        changed = true;
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        return price;
    }

    static String poolId(ChainSettings s, PoolState p) {
        return s.key() + ":" + p.provider() + ":" + p.address().lower();
    }

    static ChainId id(ChainSettings s) {
        return s.id();
    }
}
