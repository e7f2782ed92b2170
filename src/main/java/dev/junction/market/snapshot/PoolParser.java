package dev.junction.market.snapshot;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.market.Chain;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.WeightedPool;
import dev.junction.market.math.BalancerFixedPoint;
import dev.junction.market.math.BalancerStableMath;
import dev.junction.market.math.TickMath;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** Checks and builds the pools of {@code pools.json}; see {@link SnapshotParser} for the rules. */
final class PoolParser {

    /** Uniswap V3 fee tiers (pips) and their tick spacings. */
    static final Map<Integer, Integer> SPACING = Map.of(100, 1, 500, 10, 3000, 60, 10000, 200);

    private final SnapshotParser parser;
    private final Set<String> ids = new HashSet<>();

    PoolParser(SnapshotParser parser) {
        this.parser = parser;
    }

    void parseAll(List<JsonNode> nodes) {
        for (int i = 0; i < nodes.size(); i++) {
            SnapshotParser.Entry e = new SnapshotParser.Entry("pools", i, nodes.get(i));
            Pool p = pool(e);
            if (p != null) {
                parser.addPool(p);
            }
        }
    }

    private Pool pool(SnapshotParser.Entry e) {
        String id = e.text("id");
        if (!ids.add(id)) {
            parser.problem(e, "id", "duplicate pool id " + id);
            return null;
        }
        Chain chain = parser.knownChain(e, "chain");
        boolean providerOk = parser.knownProvider(e, "provider", ProviderType.DEX) != null;
        if (chain == null || !providerOk) {
            return null;
        }
        try {
            return switch (e.text("kind")) {
                case "constantProduct" -> constantProduct(e, chain);
                case "concentrated" -> concentrated(e, chain);
                case "uniswapV4" -> uniswapV4(e, chain);
                case "weighted", "composableStable" -> balancer(e, chain);
                default -> stable(e, chain);
            };
        } catch (IllegalArgumentException ex) {
            parser.problem(e, "(entry)", ex.getMessage());
            return null;
        }
    }

    /** token0 and token1: known, different, and in the order the pool contract sorts them. */
    private Token[] pair(SnapshotParser.Entry e, Chain chain) {
        Token t0 = parser.knownToken(e, "token0", chain, e.node().get("token0"));
        Token t1 = parser.knownToken(e, "token1", chain, e.node().get("token1"));
        if (t0 == null || t1 == null) {
            return null;
        }
        int order = t0.address().lower().compareTo(t1.address().lower());
        if (order == 0) {
            parser.problem(e, "token1", "must differ from token0");
            return null;
        }
        if (order > 0) {
            parser.problem(e, "token0", "token0 must sort below token1 by address, as the pool contract orders them");
            return null;
        }
        return new Token[] {t0, t1};
    }

    private Pool constantProduct(SnapshotParser.Entry e, Chain chain) {
        Token[] t = pair(e, chain);
        if (t == null) {
            return null;
        }
        BigInteger r0 = e.big("reserve0");
        BigInteger r1 = e.big("reserve1");
        double price = PoolPrices.ratio(r1, r0) * Math.pow(10, t[0].decimals() - t[1].decimals());
        if (!priceOk(e, "reserve1", t[0], t[1], price)) {
            return null;
        }
        return new ConstantProductPool(e.text("id"), chain.id(), e.text("provider"), t[0].address(), t[1].address(),
                r0, r1, e.integer("feeBps"), liquidityUsd(e));
    }

    private Pool concentrated(SnapshotParser.Entry e, Chain chain) {
        Token[] t = pair(e, chain);
        int fee = e.integer("feePips");
        int spacing = e.integer("tickSpacing");
        boolean ok = t != null;
        if (SPACING.get(fee) != spacing) {
            parser.problem(e, "tickSpacing", "must be " + SPACING.get(fee) + " for feePips " + fee + ", was " + spacing);
            ok = false;
        }
        BigInteger sqrtP = e.big("sqrtPriceX96");
        int tick = e.integer("tick");
        Boolean tickOk = tickOfPrice(e, sqrtP, tick);
        if (tickOk == null) {
            return null;
        }
        ok &= tickOk;
        TreeMap<Integer, BigInteger> net = ticks(e, spacing, tick);
        if (!ok || net == null) {
            return null;
        }
        double price = PoolPrices.priceOfSqrt(sqrtP) * Math.pow(10, t[0].decimals() - t[1].decimals());
        if (!priceOk(e, "sqrtPriceX96", t[0], t[1], price)) {
            return null;
        }
        return new ConcentratedPool(e.text("id"), chain.id(), e.text("provider"), t[0].address(), t[1].address(), fee,
                spacing, sqrtP, tick, e.big("liquidity"), net, liquidityUsd(e));
    }

    /**
     * A Uniswap V4 pool: its key (currency0 below currency1, {@code address(0)} for native ETH, which the market holds
     * as the chain's wrapped native token; a static fee in pips up to 10^6; a tick spacing from 1 to 32767; no hooks,
     * since the sandbox has no hooks allowlist) and V3's state rules (the tick of sqrtPriceX96, the ticks' sums).
     */
    private Pool uniswapV4(SnapshotParser.Entry e, Chain chain) {
        Address c0 = parser.address(e, "currency0", false);
        Address c1 = parser.address(e, "currency1", false);
        Address hooks = parser.address(e, "hooks", false);
        if (c0 == null || c1 == null || hooks == null) {
            return null;
        }
        if (!hooks.equals(Address.ZERO)) {
            parser.problem(e, "hooks", "the sandbox routes V4 pools without hooks only (address(0)), was " + hooks);
            return null;
        }
        Token t0 = c0.equals(Address.ZERO) ? wrappedNative(e, chain)
                : parser.knownToken(e, "currency0", chain, e.node().get("currency0"));
        Token t1 = parser.knownToken(e, "currency1", chain, e.node().get("currency1"));
        if (t0 == null || t1 == null) {
            return null;
        }
        if (c0.lower().compareTo(c1.lower()) >= 0) {
            parser.problem(e, "currency0", "currency0 must sort below currency1 by address, as the PoolManager orders "
                    + "them");
            return null;
        }
        int fee = e.integer("fee");
        int spacing = e.integer("tickSpacing");
        BigInteger sqrtP = e.big("sqrtPriceX96");
        int tick = e.integer("tick");
        if (!Boolean.TRUE.equals(tickOfPrice(e, sqrtP, tick))) {
            return null;
        }
        TreeMap<Integer, BigInteger> net = ticks(e, spacing, tick);
        if (net == null) {
            return null;
        }
        double price = PoolPrices.priceOfSqrt(sqrtP) * Math.pow(10, t0.decimals() - t1.decimals());
        if (!priceOk(e, "sqrtPriceX96", t0, t1, price)) {
            return null;
        }
        ConcentratedPool curve = new ConcentratedPool(e.text("id"), chain.id(), e.text("provider"), t0.address(),
                t1.address(), fee, spacing, sqrtP, tick, e.big("liquidity"), net, liquidityUsd(e));
        return new UniswapV4Pool(curve, c0, c1, fee, hooks, 0);
    }

    /**
     * Checks sqrtPriceX96 is from MIN_SQRT_RATIO to MAX_SQRT_RATIO - 1 (null when not, reported) and {@code tick} is
     * its tick (false when not, reported).
     */
    private Boolean tickOfPrice(SnapshotParser.Entry e, BigInteger sqrtP, int tick) {
        if (sqrtP.compareTo(TickMath.MIN_SQRT_RATIO) < 0 || sqrtP.compareTo(TickMath.MAX_SQRT_RATIO) >= 0) {
            parser.problem(e, "sqrtPriceX96", "must be from MIN_SQRT_RATIO to MAX_SQRT_RATIO - 1, was " + sqrtP);
            return null;
        }
        int expected = TickMath.getTickAtSqrtRatio(sqrtP);
        if (tick != expected) {
            parser.problem(e, "tick", "must be " + expected + " (the tick of sqrtPriceX96 " + sqrtP + "), was " + tick);
            return false;
        }
        return true;
    }

    private Token wrappedNative(SnapshotParser.Entry e, Chain chain) {
        if (chain.wrappedNative() == null) {
            parser.problem(e, "currency0", "a native-ETH pool needs the chain's wrappedNative, which chain "
                    + chain.id() + " has not");
            return null;
        }
        return parser.knownToken(e, "currency0", chain,
                JsonNodeFactory.instance.stringNode(chain.wrappedNative().value()));
    }

    /**
     * Initialized ticks: increasing, on the spacing, non-zero, netting to zero over the range, and the in-range
     * liquidity equal to the sum of liquidityNet at or below the current tick.
     */
    private TreeMap<Integer, BigInteger> ticks(SnapshotParser.Entry e, int spacing, int current) {
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        JsonNode ticks = e.node().get("ticks");
        Integer previous = null;
        BigInteger below = BigInteger.ZERO;
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < ticks.size(); i++) {
            String field = "ticks[" + i + "]";
            int tick = ticks.get(i).get("tick").asInt();
            BigInteger value = new BigInteger(ticks.get(i).get("liquidityNet").asString());
            if (tick % spacing != 0) {
                parser.problem(e, field + ".tick", "must be a multiple of tickSpacing " + spacing + ", was " + tick);
                return null;
            }
            if (previous != null && tick <= previous) {
                parser.problem(e, field + ".tick", "ticks must increase strictly, " + tick + " follows " + previous);
                return null;
            }
            if (value.signum() == 0) {
                parser.problem(e, field + ".liquidityNet", "must not be 0 (leave the tick out)");
                return null;
            }
            previous = tick;
            sum = sum.add(value);
            if (sum.signum() < 0) {
                parser.problem(e, field + ".liquidityNet", "the running sum of liquidityNet goes below zero");
                return null;
            }
            if (tick <= current) {
                below = sum;
            }
            net.put(tick, value);
        }
        if (sum.signum() != 0) {
            parser.problem(e, "ticks", "liquidityNet must sum to 0 over all ticks (every position opens and closes), "
                    + "sums to " + sum);
            return null;
        }
        if (!below.equals(e.big("liquidity"))) {
            parser.problem(e, "liquidity", "must equal the sum of liquidityNet at ticks <= tick " + current + ", "
                    + below + ", was " + e.big("liquidity"));
            return null;
        }
        return net;
    }

    private Pool stable(SnapshotParser.Entry e, Chain chain) {
        JsonNode coins = e.node().get("coins");
        JsonNode decimals = e.node().get("decimals");
        JsonNode balances = e.node().get("balances");
        if (decimals.size() != coins.size() || balances.size() != coins.size()) {
            parser.problem(e, "decimals", "coins, decimals and balances must have the same length");
            return null;
        }
        List<Token> tokens = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < coins.size(); i++) {
            Token t = parser.knownToken(e, "coins[" + i + "]", chain, coins.get(i));
            if (t == null) {
                return null;
            }
            if (!seen.add(t.address().lower())) {
                parser.problem(e, "coins[" + i + "]", "coin " + t.address() + " appears twice");
                return null;
            }
            if (decimals.get(i).asInt() != t.decimals()) {
                parser.problem(e, "decimals[" + i + "]", "must be " + t.decimals() + " (decimals of " + t.symbol()
                        + "), was " + decimals.get(i).asInt());
                return null;
            }
            tokens.add(t);
        }
        List<Address> addresses = tokens.stream().map(Token::address).toList();
        List<Integer> decs = tokens.stream().map(Token::decimals).toList();
        List<BigInteger> bals = new ArrayList<>();
        balances.forEach(b -> bals.add(new BigInteger(b.asString())));
        StablePool pool = new StablePool(e.text("id"), chain.id(), e.text("provider"), addresses, decs, bals,
                e.node().get("amp").asLong(), e.node().get("fee").asLong(), liquidityUsd(e));
        for (int j = 1; j < tokens.size(); j++) {
            double price = PoolPrices.stableMarginal(pool, 0, j);
            if (!priceOk(e, "balances", tokens.get(0), tokens.get(j), price)) {
                return null;
            }
        }
        return pool;
    }

    /**
     * A Balancer V2 pool: its Vault pool id (whose first 20 bytes are the pool's address), its tokens in the Vault's
     * order (by address, as the weighted and composable stable factories register them; the composable pool's own BPT
     * left out), balances, the swap fee (18 decimals) and its weights (18 decimals, summing to 1e18) or amplification
     * (A). Scaling factors follow from the tokens' decimals (no rate providers in the snapshot).
     */
    private Pool balancer(SnapshotParser.Entry e, Chain chain) {
        Bytes32 poolId = Bytes32.of(e.text("poolId"));
        JsonNode tokensNode = e.node().get("tokens");
        JsonNode balances = e.node().get("balances");
        if (balances.size() != tokensNode.size()) {
            parser.problem(e, "balances", "must have one balance per token");
            return null;
        }
        List<Token> tokens = new ArrayList<>();
        for (int i = 0; i < tokensNode.size(); i++) {
            Token t = parser.knownToken(e, "tokens[" + i + "]", chain, tokensNode.get(i));
            if (t == null) {
                return null;
            }
            if (!tokens.isEmpty() && tokens.getLast().address().lower().compareTo(t.address().lower()) >= 0) {
                parser.problem(e, "tokens[" + i + "]", "tokens must differ and sort by address, as the Vault registers "
                        + "them");
                return null;
            }
            tokens.add(t);
        }
        List<Address> addresses = tokens.stream().map(Token::address).toList();
        List<BigInteger> factors = tokens.stream()
                .map(t -> BalancerFixedPoint.ONE.multiply(BigInteger.TEN.pow(18 - t.decimals()))).toList();
        List<BigInteger> bals = balances.valueStream().map(b -> new BigInteger(b.asString())).toList();
        BigInteger swapFee = e.big("swapFee");
        Pool pool;
        if (e.text("kind").equals("weighted")) {
            List<BigInteger> weights = e.node().get("weights").valueStream().map(w -> new BigInteger(w.asString()))
                    .toList();
            if (weights.size() != tokens.size()) {
                parser.problem(e, "weights", "must have one weight per token");
                return null;
            }
            pool = new WeightedPool(e.text("id"), chain.id(), e.text("provider"), poolId, addresses, bals, factors,
                    weights, swapFee, liquidityUsd(e));
        } else {
            BigInteger amplification = BigInteger.valueOf(e.node().get("amp").asLong())
                    .multiply(BalancerStableMath.AMP_PRECISION);
            pool = new ComposableStablePool(e.text("id"), chain.id(), e.text("provider"), poolId, addresses, bals,
                    factors, amplification, swapFee, liquidityUsd(e));
        }
        for (int j = 1; j < tokens.size(); j++) {
            double price = PoolPrices.balancerMarginal(pool, tokens.get(0), tokens.get(j));
            if (!priceOk(e, "balances", tokens.get(0), tokens.get(j), price)) {
                return null;
            }
        }
        return pool;
    }

    /** Reports and returns false when a pool's price (whole token1 per whole token0) strays from the references. */
    private boolean priceOk(SnapshotParser.Entry e, String field, Token t0, Token t1, double price) {
        double reference = t0.priceUsd() / t1.priceUsd();
        double deviation = Math.abs(price / reference - 1);
        if (!(deviation <= PoolPrices.MAX_DEVIATION)) {
            parser.problem(e, field, String.format(Locale.ROOT,
                    "the pool prices 1 %s at %.6g %s, %.2f%% away from the reference prices' %.6g (limit %.1f%%)",
                    t0.symbol(), price, t1.symbol(), deviation * 100, reference, PoolPrices.MAX_DEVIATION * 100));
            return false;
        }
        return true;
    }

    private static double liquidityUsd(SnapshotParser.Entry e) {
        return e.node().get("liquidityUsd").asDouble();
    }
}
