package dev.junction.chainmarket;

import static dev.junction.chainmarket.LogReducerTest.word;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.Pool;
import dev.junction.market.Token;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.balancerv2.BalancerV2State;
import dev.junction.protocol.curve.CurveState;
import dev.junction.protocol.uniswapv2.UniswapV2State;
import dev.junction.protocol.uniswapv3.UniswapV3State;
import dev.junction.protocol.uniswapv4.UniswapV4;
import dev.junction.protocol.uniswapv4.UniswapV4State;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The incremental view (one {@link ChainView} fed block after block, reusing the pools and prices that did not change)
 * equals a full rebuild of the same state, after random sequences of logs through {@link LogReducer}: V2 syncs, V3
 * swaps, mints, burns and initializations, V4 swaps, liquidity changes and initializations, Balancer swaps and joins
 * (weighted and composable stable pools), pools created by the factories, Curve pools re-read, and reorgs (an older
 * state fed again). The prices and pool depths also equal the pricing as first written (a reference copy below, over
 * BigInteger states and address-keyed maps), to the bit, in the blocks without price feeds; with one, the fed token's
 * price is its answer.
 */
class ChainViewProperties {

    static final Address V2_FACTORY = Address.evm("0x5000000000000000000000000000000000000005");
    static final Address V3_FACTORY = Address.evm("0x6000000000000000000000000000000000000006");
    static final Address V4_MANAGER = Address.evm("0x8000000000000000000000000000000000000008");
    static final Address STATE_VIEW = Address.evm("0x9000000000000000000000000000000000000009");
    static final Address VAULT = Address.evm("0xBA12222222228d8Ba445958a75a0704d566BF2C8");
    static final Address BALANCER_FACTORY = Address.evm("0xf00000000000000000000000000000000000000f");
    static final BigInteger Q96 = BigInteger.ONE.shiftLeft(96);
    static final BigInteger E18 = BigInteger.TEN.pow(18);
    /** How long before a block a stale feed answer was last updated. */
    static final Duration STALE = ChainSettings.DEFAULT_PRICE_FEED_MAX_AGE.plusHours(1);
    /** Served tokens: the first is the stablecoin; varied decimals. The last one is not served. */
    static final List<Address> TOKENS = List.of(token(1), token(2), token(3), token(4), token(5));
    static final Address UNSERVED = token(9);
    static final List<Integer> DECIMALS = List.of(6, 18, 8, 18, 12);
    /** The token that sometimes has a price feed. */
    static final Address FED = TOKENS.get(2);
    static final List<TokenInfo> INFOS = infos();
    static final ChainSettings SETTINGS = new ChainSettings(ChainId.of(31337), "Test", "test", "ETH",
            List.of(URI.create("http://127.0.0.1:1")), TOKENS, TOKENS.get(1), List.of(TOKENS.getFirst()),
            Map.of("v2", new Dex("v2", "uniswap-v2", V2_FACTORY, List.of(), List.of(), Bytes32.ZERO),
                    "v3", new Dex("v3", "uniswap-v3", V3_FACTORY, List.of(3000), List.of(),
                            Bytes32.ZERO),
                    "v4", new Dex("v4", "uniswap-v4", V4_MANAGER, List.of(), List.of(), null, STATE_VIEW, List.of(),
                            null, List.of(), null),
                    "bal", new Dex("bal", "balancer-v2", null, List.of(), List.of(), null, null, List.of(), VAULT,
                            List.of(BALANCER_FACTORY), null)),
            Map.of(), null, ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1,
            Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(100), 4, Map.of());
    static final LogReducer.Context CONTEXT = LogReducer.Context.of(SETTINGS.dexes().values(), TOKENS);

    @Property(tries = 200)
    void incrementalViewEqualsAFullRebuildAfterRandomLogs(@ForAll Random random) {
        Model model = new Model(random);
        ChainState state = model.initial();
        ChainView incremental = new ChainView(SETTINGS, INFOS);
        List<ChainState> history = new ArrayList<>();
        history.add(state);
        check(incremental, state);
        int blocks = 1 + random.nextInt(30);
        for (int b = 0; b < blocks; b++) {
            if (history.size() > 2 && random.nextInt(8) == 0) {
                // A reorg: the follower goes back to an earlier state and publishes it.
                state = history.get(random.nextInt(history.size() - 1));
                model.reset(state);
                check(incremental, state);
            }
            Map<Address, PoolState> pools = LogReducer.apply(state.pools(), model.logs(state, b), CONTEXT).pools();
            pools = model.rereadCurve(pools);
            state = new ChainState(state.block() + 1, Bytes32.of(BigInteger.valueOf(b + 2)), state.hash(), b,
                    BigInteger.valueOf(b + 1), pools, model.feeds(state.feeds()));
            history.add(state);
            check(incremental, state);
        }
    }

    private static void check(ChainView incremental, ChainState state) {
        BigInteger gas = BigInteger.valueOf(7);
        ChainView.Part part = incremental.part(state, gas);
        assertThat(part).isEqualTo(ChainView.of(SETTINGS, INFOS, state, gas));
        ChainState.FeedAnswer answer = state.feeds().get(FED);
        if (answer != null && answer.freshAt(state.timestamp(), SETTINGS.priceFeedMaxAge())) {
            // A fed token is priced by its feed while the answer is positive (the reference knows no feeds); a feed
            // older than price-feed-max-age is ignored: the reference's prices below must hold.
            if (answer.answer().signum() > 0) {
                assertThat(part.tokens().stream().filter(t -> t.address().equals(FED)).findFirst().orElseThrow()
                        .priceUsd()).isEqualTo(answer.usd());
            }
            return;
        }
        Reference reference = new Reference(state);
        for (Token t : part.tokens()) {
            Address a = t.address().equals(Address.NATIVE) ? SETTINGS.wrappedNative() : t.address();
            assertThat(t.priceUsd()).as("price of %s", a).isEqualTo(reference.prices.getOrDefault(a, 0.0));
        }
        assertThat(part.pools()).hasSize(reference.usable.size());
        for (int i = 0; i < part.pools().size(); i++) {
            Pool p = part.pools().get(i);
            assertThat(p.id()).isEqualTo(ChainView.poolId(SETTINGS, reference.usable.get(i)));
            assertThat(p.liquidityUsd()).as("depth of %s", p.id()).isEqualTo(reference.usd(reference.usable.get(i)));
        }
    }

    /**
     * Random pools and logs over them. The V3 pools stay at tick 0 (their price moves, which is all the view reads),
     * so the model knows their active liquidity and the positions minted since the last reorg: a burn takes back a
     * minted position, a swap reports the active liquidity.
     */
    static final class Model {
        final Random random;
        final Map<Address, List<int[]>> positions = new HashMap<>();
        final Map<Address, BigInteger> active = new HashMap<>();
        final List<Address> curve = new ArrayList<>();
        int nextAddress = 100;
        int logIndex;

        Model(Random random) {
            this.random = random;
        }

        ChainState initial() {
            Map<Address, PoolState> pools = new HashMap<>();
            int n = 2 + random.nextInt(12);
            for (int i = 0; i < n; i++) {
                Address[] pair = pair();
                Address a = newAddress();
                if (random.nextBoolean()) {
                    pools.put(a, new UniswapV2State("v2", a, pair[0], pair[1], amount(), amount()));
                } else {
                    BigInteger price = random.nextInt(6) == 0 ? BigInteger.ZERO : sqrtPrice();
                    BigInteger liquidity = liquidity();
                    pools.put(a, new UniswapV3State("v3", a, pair[0], pair[1], 3000, 60, price, 0, liquidity,
                            new TreeMap<>(), TickMath.MIN_TICK, TickMath.MAX_TICK));
                    positions.put(a, new ArrayList<>());
                    active.put(a, liquidity);
                }
            }
            for (int i = 0; i < random.nextInt(4); i++) {
                Address[] pair = pair();
                BigInteger price = random.nextInt(6) == 0 ? BigInteger.ZERO : sqrtPrice();
                BigInteger liquidity = price.signum() == 0 ? BigInteger.ZERO : liquidity();
                UniswapV4State.Key key = v4Key(pair, 3000, 60);
                pools.put(UniswapV4State.addressOf(key.poolId()), new UniswapV4State(key, price, 0, 0, 3000,
                        liquidity, new TreeMap<>(), TickMath.MIN_TICK, TickMath.MAX_TICK, null));
                positions.put(UniswapV4State.addressOf(key.poolId()), new ArrayList<>());
                active.put(UniswapV4State.addressOf(key.poolId()), liquidity);
            }
            for (int i = 0; i < random.nextInt(4); i++) {
                Address a = newAddress();
                pools.put(a, balancer(a, pair()));
            }
            for (int i = 0; i < random.nextInt(3); i++) {
                Address a = newAddress();
                List<Address> coins = switch (random.nextInt(4)) {
                    case 0 -> List.of(TOKENS.get(0), UNSERVED);
                    case 1 -> List.of(TOKENS.get(0), TOKENS.get(2), TOKENS.get(3));
                    default -> List.of(TOKENS.get(2), TOKENS.get(3), TOKENS.get(0));
                };
                pools.put(a, curve(a, coins));
                curve.add(a);
            }
            return new ChainState(1, Bytes32.of(BigInteger.ONE), Bytes32.ZERO, 0, BigInteger.ONE, pools);
        }

        /**
         * The feeds of the next block: mostly none (the reference pricing knows no feeds), sometimes a price feed of
         * {@link #FED} (also a pool token): kept, changed, dropped, answering 0, or last updated too long ago.
         */
        Map<Address, ChainState.FeedAnswer> feeds(Map<Address, ChainState.FeedAnswer> before) {
            return switch (random.nextInt(6)) {
                case 0 -> Map.of(FED, new ChainState.FeedAnswer(BigInteger.valueOf(random.nextInt(3) == 0 ? 0
                        : 1 + random.nextInt(100_000_000)), random.nextInt(19),
                        random.nextInt(3) == 0 ? -STALE.toSeconds() : 0));
                case 1 -> Map.of();
                default -> before;
            };
        }

        /** After a reorg to {@code state}: the positions minted since are gone. */
        void reset(ChainState state) {
            positions.clear();
            active.clear();
            for (PoolState p : state.pools().values()) {
                if (p instanceof UniswapV3State v3) {
                    positions.put(p.address(), new ArrayList<>());
                    active.put(p.address(), v3.liquidity());
                } else if (p instanceof UniswapV4State v4) {
                    positions.put(p.address(), new ArrayList<>());
                    active.put(p.address(), v4.liquidity());
                }
            }
        }

        /** A V4 key of a served pair, no hooks. */
        UniswapV4State.Key v4Key(Address[] pair, int fee, int spacing) {
            Bytes32 id = Bytes32.of(Abi.keccak(Abi.encode(Abi.address(pair[0]), Abi.address(pair[1]),
                    Abi.uint256(fee), Abi.int256(spacing), Abi.address(Address.ZERO))));
            return new UniswapV4State.Key("v4", id, pair[0], pair[1], fee, spacing, Address.ZERO, pair[0], pair[1],
                    STATE_VIEW, List.of());
        }

        /** A read Balancer pool: weighted, or composable stable with its BPT between its two tokens. */
        BalancerV2State balancer(Address a, Address[] pair) {
            Bytes32 id = Bytes32.of("0x" + a.value().substring(2).toLowerCase() + "0000"
                    + String.format("%020x", random.nextInt(1000)));
            BigInteger fee = BigInteger.TEN.pow(12 + random.nextInt(5));
            List<BigInteger> factors = new ArrayList<>();
            for (Address t : pair) {
                factors.add(E18.multiply(BigInteger.TEN.pow(18 - DECIMALS.get(TOKENS.indexOf(t)))));
            }
            if (random.nextBoolean()) {
                BigInteger w0 = E18.multiply(BigInteger.valueOf(1 + random.nextInt(98))).divide(BigInteger.valueOf(100));
                return new BalancerV2State("bal", a, VAULT, BalancerV2State.Kind.WEIGHTED, id, List.of(pair),
                        List.of(amount(), amount()), factors, List.of(w0, E18.subtract(w0)), BigInteger.ZERO, false,
                        fee, -1);
            }
            return new BalancerV2State("bal", a, VAULT, BalancerV2State.Kind.COMPOSABLE_STABLE, id,
                    List.of(pair[0], a, pair[1]), List.of(amount(), amount(), amount()),
                    List.of(factors.get(0), E18, factors.get(1)), List.of(),
                    BigInteger.valueOf(1_000 * (1 + random.nextInt(5_000))), random.nextInt(4) == 0, fee, 1);
        }

        CurveState curve(Address a, List<Address> coins) {
            return new CurveState("curve", a, coins, coins.stream().map(c -> amount()).toList(),
                    1 + random.nextInt(2000), 4_000_000, 0);
        }

        /** A Curve pool that emitted an event is re-read by the follower: here, new balances. */
        Map<Address, PoolState> rereadCurve(Map<Address, PoolState> pools) {
            if (curve.isEmpty() || random.nextBoolean()) {
                return pools;
            }
            Map<Address, PoolState> next = new HashMap<>();
            Address a = curve.get(random.nextInt(curve.size()));
            CurveState c = (CurveState) pools.get(a);
            if (random.nextBoolean()) {
                next.put(a, curve(a, c.coins()));
            } else {
                // one coin's balance only
                List<BigInteger> balances = new ArrayList<>(c.balances());
                balances.set(random.nextInt(balances.size()), amount());
                next.put(a, new CurveState(c.provider(), a, c.coins(), balances, c.amp(), c.fee(), 0));
            }
            if (random.nextBoolean()) {
                return PoolMap.copyOf(pools).with(next); // as the follower does: sharing the other pools
            }
            Map<Address, PoolState> copy = new HashMap<>(pools); // a map of a new lineage: the view rescans all
            copy.putAll(next);
            return copy;
        }

        List<LogEntry> logs(ChainState state, int block) {
            List<LogEntry> logs = new ArrayList<>();
            List<PoolState> pools = new ArrayList<>(state.pools().values());
            pools.sort((x, y) -> x.address().lower().compareTo(y.address().lower()));
            int count = random.nextInt(6);
            for (int i = 0; i < count; i++) {
                int kind = random.nextInt(10);
                if (kind == 0 && random.nextInt(3) == 0) {
                    Address[] pair = pair();
                    if (random.nextBoolean()) {
                        // a V4 pool initialized (a new key, or one already followed: then nothing changes)
                        UniswapV4State.Key key = v4Key(pair, 100 * (1 + random.nextInt(60)), 10);
                        Address a = UniswapV4State.addressOf(key.poolId());
                        if (!positions.containsKey(a)) {
                            positions.put(a, new ArrayList<>());
                            active.put(a, BigInteger.ZERO);
                        }
                        logs.add(log(V4_MANAGER, List.of(UniswapV4.INITIALIZE, key.poolId(), topic(pair[0]),
                                topic(pair[1])), word(key.fee()), word(10), word(Address.ZERO), word(sqrtPrice()),
                                word(0)));
                    } else {
                        // a Balancer pool created: not read yet, so not usable
                        logs.add(log(BALANCER_FACTORY, List.of(BalancerV2State.POOL_CREATED, topic(newAddress()))));
                    }
                    continue;
                }
                if (kind == 0) {
                    Address[] pair = pair();
                    Address a = newAddress();
                    if (random.nextBoolean()) {
                        logs.add(log(V2_FACTORY, List.of(UniswapV2State.PAIR_CREATED, topic(pair[0]), topic(pair[1])),
                                word(a), word(1)));
                        logs.add(log(a, List.of(UniswapV2State.SYNC), word(amount()), word(amount())));
                    } else {
                        positions.put(a, new ArrayList<>());
                        active.put(a, BigInteger.ZERO);
                        logs.add(log(V3_FACTORY, List.of(UniswapV3State.POOL_CREATED, topic(pair[0]), topic(pair[1]),
                                Bytes32.of("0x" + word(3000))), word(60), word(a)));
                        if (random.nextBoolean()) {
                            logs.add(log(a, List.of(UniswapV3State.INITIALIZE), word(sqrtPrice()), word(0)));
                        }
                    }
                    continue;
                }
                if (pools.isEmpty()) {
                    continue;
                }
                PoolState p = pools.get(random.nextInt(pools.size()));
                if (p instanceof UniswapV2State v2 && random.nextInt(3) == 0) {
                    // the same price, twice the depth
                    logs.add(log(p.address(), List.of(UniswapV2State.SYNC), word(v2.reserve0().shiftLeft(1)),
                            word(v2.reserve1().shiftLeft(1))));
                } else if (p instanceof UniswapV2State) {
                    logs.add(log(p.address(), List.of(UniswapV2State.SYNC), word(amount()), word(amount())));
                } else if (p instanceof UniswapV3State v3) {
                    List<int[]> minted = positions.get(p.address());
                    int op = random.nextInt(4);
                    if (!v3.usable()) {
                        logs.add(log(p.address(), List.of(UniswapV3State.INITIALIZE), word(sqrtPrice()),
                                word(0)));
                    } else if (op == 0) {
                        int lower = 60 * (random.nextInt(40) - 20);
                        int upper = lower + 60 * (1 + random.nextInt(20));
                        int amount = 1 + random.nextInt(1_000_000);
                        minted.add(new int[] {lower, upper, amount});
                        if (lower <= 0 && 0 < upper) {
                            active.merge(p.address(), BigInteger.valueOf(amount), BigInteger::add);
                        }
                        logs.add(log(p.address(), List.of(UniswapV3State.MINT, topic(Address.ZERO), tick(lower),
                                tick(upper)), word(0), word(amount), word(1), word(1)));
                    } else if (op == 1 && !minted.isEmpty()) {
                        int[] position = minted.remove(random.nextInt(minted.size()));
                        if (position[0] <= 0 && 0 < position[1]) {
                            active.merge(p.address(), BigInteger.valueOf(position[2]), BigInteger::subtract);
                        }
                        logs.add(log(p.address(), List.of(UniswapV3State.BURN, topic(Address.ZERO), tick(position[0]),
                                tick(position[1])), word(position[2]), word(1), word(1)));
                    } else {
                        BigInteger price = sqrtPrice();
                        logs.add(log(p.address(), List.of(UniswapV3State.SWAP, topic(Address.ZERO), topic(Address.ZERO)),
                                word(1), word(BigInteger.ONE.negate()), word(price),
                                word(active.get(p.address())), word(0)));
                    }
                } else if (p instanceof UniswapV4State v4) {
                    Bytes32 id = v4.key().poolId();
                    List<int[]> minted = positions.get(p.address());
                    int op = random.nextInt(4);
                    int spacing = v4.key().tickSpacing();
                    if (!v4.usable()) {
                        logs.add(log(V4_MANAGER, List.of(UniswapV4.INITIALIZE, id, topic(v4.key().currency0()),
                                topic(v4.key().currency1())), word(v4.key().fee()), word(spacing),
                                word(Address.ZERO), word(sqrtPrice()), word(0)));
                    } else if (op == 0) {
                        int lower = spacing * (random.nextInt(40) - 20);
                        int upper = lower + spacing * (1 + random.nextInt(20));
                        int amount = 1 + random.nextInt(1_000_000);
                        minted.add(new int[] {lower, upper, amount});
                        if (lower <= 0 && 0 < upper) {
                            active.merge(p.address(), BigInteger.valueOf(amount), BigInteger::add);
                        }
                        logs.add(log(V4_MANAGER, List.of(UniswapV4.MODIFY_LIQUIDITY, id, topic(Address.ZERO)),
                                word(lower), word(upper), word(amount), word(0)));
                    } else if (op == 1 && !minted.isEmpty()) {
                        int[] position = minted.remove(random.nextInt(minted.size()));
                        if (position[0] <= 0 && 0 < position[1]) {
                            active.merge(p.address(), BigInteger.valueOf(position[2]), BigInteger::subtract);
                        }
                        logs.add(log(V4_MANAGER, List.of(UniswapV4.MODIFY_LIQUIDITY, id, topic(Address.ZERO)),
                                word(position[0]), word(position[1]), word(-position[2]), word(0)));
                    } else {
                        logs.add(log(V4_MANAGER, List.of(UniswapV4.SWAP, id, topic(Address.ZERO)), word(1),
                                word(BigInteger.ONE.negate()), word(sqrtPrice()), word(active.get(p.address())),
                                word(0), word(v4.key().fee())));
                    }
                } else if (p instanceof BalancerV2State bal && bal.kind() != BalancerV2State.Kind.UNREAD) {
                    List<Address> swappable = bal.swapTokens();
                    int in = bal.tokens().indexOf(swappable.get(random.nextInt(2)));
                    int out = bal.tokens().indexOf(swappable.get(0)) == in ? bal.tokens().indexOf(swappable.get(1))
                            : bal.tokens().indexOf(swappable.get(0));
                    BigInteger held = bal.balances().get(out);
                    if (random.nextBoolean() && held.signum() > 0) {
                        BigInteger amountOut = held.multiply(BigInteger.valueOf(random.nextInt(100)))
                                .divide(BigInteger.valueOf(100));
                        logs.add(log(VAULT, List.of(BalancerV2State.SWAP, bal.poolId(), topic(bal.tokens().get(in)),
                                topic(bal.tokens().get(out))), word(amount()), word(amountOut)));
                    } else {
                        // a join (positive deltas, a protocol fee on the first) through the Vault
                        int n = bal.tokens().size();
                        List<String> words = new ArrayList<>(List.of(word(96), word(96 + 32 * (n + 1)),
                                word(96 + 64 * (n + 1)), word(n)));
                        bal.tokens().forEach(t -> words.add(word(t)));
                        words.add(word(n));
                        BigInteger first = amount().add(BigInteger.ONE);
                        words.add(word(first));
                        for (int k = 1; k < n; k++) {
                            words.add(word(amount()));
                        }
                        words.add(word(n));
                        words.add(word(first.subtract(BigInteger.ONE)));
                        for (int k = 1; k < n; k++) {
                            words.add(word(0));
                        }
                        logs.add(log(VAULT, List.of(BalancerV2State.POOL_BALANCE_CHANGED, bal.poolId(),
                                topic(Address.ZERO)), words.toArray(String[]::new)));
                    }
                }
            }
            long number = state.block() + 1;
            return logs.stream().map(l -> new LogEntry(l.address(), l.topics(), l.data(), number,
                    Bytes32.of(BigInteger.valueOf(number)), l.logIndex(), false, null)).toList();
        }

        LogEntry log(Address address, List<Bytes32> topics, String... words) {
            return new LogEntry(address, topics, "0x" + String.join("", words), 0, Bytes32.ZERO, logIndex++, false,
                    null);
        }

        Address[] pair() {
            int i = random.nextInt(TOKENS.size());
            int j = (i + 1 + random.nextInt(TOKENS.size() - 1)) % TOKENS.size();
            return new Address[] {TOKENS.get(Math.min(i, j)), TOKENS.get(Math.max(i, j))};
        }

        Address newAddress() {
            return Address.evm(String.format("0x%040x", nextAddress++ * 7919L));
        }

        /** Reserves and balances over many orders of magnitude, sometimes zero. */
        BigInteger amount() {
            if (random.nextInt(15) == 0) {
                return BigInteger.ZERO;
            }
            return BigInteger.TEN.pow(random.nextInt(28)).multiply(BigInteger.valueOf(1 + random.nextInt(1000)));
        }

        BigInteger liquidity() {
            return BigInteger.TEN.pow(random.nextInt(25)).multiply(BigInteger.valueOf(random.nextInt(1000)));
        }

        BigInteger sqrtPrice() {
            int shift = random.nextInt(60) - 30;
            BigInteger base = Q96.add(BigInteger.valueOf(random.nextInt(1_000_000)));
            return shift >= 0 ? base.shiftLeft(shift) : base.shiftRight(-shift);
        }

        static Bytes32 topic(Address a) {
            return Bytes32.of("0x" + word(a));
        }

        static Bytes32 tick(int t) {
            return Bytes32.of("0x" + word(t));
        }
    }

    /** The pricing as first written: every round over every usable pool's BigInteger state, maps keyed by address. */
    static final class Reference {
        private static final double Q96D = Math.pow(2, 96);
        final Map<Address, TokenInfo> tokens = new HashMap<>();
        final List<PoolState> usable;
        final Map<Address, Double> prices;

        Reference(ChainState state) {
            for (TokenInfo t : INFOS) {
                tokens.put(t.address(), t);
            }
            usable = state.pools().values().stream().filter(PoolState::usable)
                    .filter(p -> !(p instanceof CurveState c) || tokens.keySet().containsAll(c.coins()))
                    .sorted((a, b) -> a.address().lower().compareTo(b.address().lower())).toList();
            prices = prices();
        }

        double usd(PoolState p) {
            if (p instanceof CurveState c) {
                double usd = 0;
                for (int i = 0; i < c.coins().size(); i++) {
                    usd += c.balances().get(i).doubleValue() / Math.pow(10, decimals(c.coins().get(i)))
                            * prices.getOrDefault(c.coins().get(i), 0.0);
                }
                return usd;
            }
            if (p instanceof BalancerV2State b) {
                double usd = 0;
                List<Address> swappable = b.swapTokens();
                for (Address t : swappable) {
                    usd += b.balances().get(b.tokens().indexOf(t)).doubleValue() / Math.pow(10, decimals(t))
                            * prices.getOrDefault(t, 0.0);
                }
                return usd;
            }
            double[] amounts = wholeAmounts(p);
            return amounts[0] * prices.getOrDefault(p.token0(), 0.0) + amounts[1] * prices.getOrDefault(p.token1(),
                    0.0);
        }

        private int decimals(Address token) {
            return tokens.containsKey(token) ? tokens.get(token).decimals() : 18;
        }

        private double[] wholeAmounts(PoolState p) {
            double raw0;
            double raw1;
            switch (p) {
                case UniswapV2State v2 -> {
                    raw0 = v2.reserve0().doubleValue();
                    raw1 = v2.reserve1().doubleValue();
                }
                case CurveState c -> {
                    raw0 = c.balances().get(0).doubleValue();
                    raw1 = c.balances().get(1).doubleValue();
                }
                case UniswapV3State v3 -> {
                    double sqrt = v3.sqrtPriceX96().doubleValue() / Q96D;
                    double l = v3.liquidity().doubleValue();
                    raw0 = l / sqrt;
                    raw1 = l * sqrt;
                }
                case UniswapV4State v4 -> {
                    double sqrt = v4.sqrtPriceX96().doubleValue() / Q96D;
                    double l = v4.liquidity().doubleValue();
                    raw0 = l / sqrt;
                    raw1 = l * sqrt;
                }
                case BalancerV2State b -> {
                    raw0 = b.balances().get(b.tokens().indexOf(b.token0())).doubleValue();
                    raw1 = b.balances().get(b.tokens().indexOf(b.token1())).doubleValue();
                }
                default -> throw new IllegalArgumentException(p.toString());
            }
            return new double[] {raw0 / Math.pow(10, decimals(p.token0())), raw1 / Math.pow(10, decimals(p.token1()))};
        }

        private double token1InToken0(PoolState p) {
            int d0 = decimals(p.token0());
            int d1 = decimals(p.token1());
            double raw1PerRaw0 = switch (p) {
                case UniswapV2State v2 -> v2.reserve1().doubleValue() / v2.reserve0().doubleValue();
                case UniswapV3State v3 -> Math.pow(v3.sqrtPriceX96().doubleValue() / Q96D, 2);
                case UniswapV4State v4 -> Math.pow(v4.sqrtPriceX96().doubleValue() / Q96D, 2);
                case BalancerV2State b when b.kind() == BalancerV2State.Kind.WEIGHTED ->
                        (b.balances().get(1).doubleValue() / b.weights().get(1).doubleValue())
                                / (b.balances().get(0).doubleValue() / b.weights().get(0).doubleValue());
                case BalancerV2State b -> b.scalingFactors().get(0).doubleValue()
                        / b.scalingFactors().get(2).doubleValue();
                case CurveState c -> Math.pow(10, d1 - d0);
                default -> throw new IllegalArgumentException(p.toString());
            };
            return 1 / (raw1PerRaw0 * Math.pow(10, d0 - d1));
        }

        private Map<Address, Double> prices() {
            Map<Address, Double> price = new HashMap<>();
            Map<Address, Double> depth = new HashMap<>();
            for (Address stable : SETTINGS.stablecoins()) {
                price.put(stable, 1.0);
                depth.put(stable, Double.POSITIVE_INFINITY);
            }
            for (int round = 0; round < tokens.size() + 1; round++) {
                boolean changed = false;
                for (PoolState p : usable) {
                    double[] amounts = wholeAmounts(p);
                    double oneInZero = token1InToken0(p);
                    if (!Double.isFinite(oneInZero) || oneInZero <= 0) {
                        continue;
                    }
                    for (int side = 0; side < 2; side++) {
                        Address known = side == 0 ? p.token0() : p.token1();
                        Address other = side == 0 ? p.token1() : p.token0();
                        Double pk = price.get(known);
                        if (pk == null || SETTINGS.stablecoins().contains(other)) {
                            continue;
                        }
                        double poolDepth = (side == 0 ? amounts[0] : amounts[1]) * pk;
                        double through = Math.min(depth.get(known), poolDepth);
                        double candidate = side == 0 ? pk * oneInZero : pk / oneInZero;
                        if (through > depth.getOrDefault(other, 0.0) && Double.isFinite(candidate)) {
                            price.put(other, candidate);
                            depth.put(other, through);
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
    }

    static Address token(int i) {
        return Address.evm(String.format("0x%040x", i * 0x1111L));
    }

    static List<TokenInfo> infos() {
        List<TokenInfo> infos = new ArrayList<>();
        for (int i = 0; i < TOKENS.size(); i++) {
            infos.add(new TokenInfo(TOKENS.get(i), DECIMALS.get(i), "T" + i, "Token " + i));
        }
        return infos;
    }
}
