package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.ChainHead;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.rpc.ChainSettings;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A chain's state as market values: the {@link Chain} (gas from the block), its tokens priced in USD from the pools
 * themselves (each token by its deepest path to a configured stablecoin, worth $1; the native token at its wrapped
 * token's price), and its usable pools. Pure.
 */
final class ChainView {

    /** Uniswap V2's LP fee. */
    static final int V2_FEE_BPS = 30;
    private static final double Q96 = Math.pow(2, 96);

    private ChainView() {
    }

    /** The chain, its tokens and its pools. */
    record Part(Chain chain, List<Token> tokens, List<Pool> pools, ChainHead head) {
    }

    static Part of(ChainSettings s, List<TokenInfo> infos, ChainState state, BigInteger gasPrice) {
        Map<Address, TokenInfo> byAddress = new HashMap<>();
        for (TokenInfo t : infos) {
            byAddress.put(t.address(), t);
        }
        List<PoolState> usable = state.pools().values().stream().filter(PoolState::usable)
                .filter(p -> !(p instanceof PoolState.Curve c) || byAddress.keySet().containsAll(c.coins()))
                .sorted((a, b) -> a.address().lower().compareTo(b.address().lower())).toList();
        Map<Address, Double> prices = prices(s, byAddress, usable);
        List<Token> tokens = new ArrayList<>();
        for (TokenInfo t : infos) {
            tokens.add(new Token(s.id(), t.address(), t.decimals(), t.symbol(), t.name(), "",
                    prices.getOrDefault(t.address(), 0.0)));
        }
        if (s.wrappedNative() != null) {
            tokens.add(new Token(s.id(), Address.NATIVE, 18, s.nativeSymbol(), s.nativeSymbol(), "",
                    prices.getOrDefault(s.wrappedNative(), 0.0)));
        }
        List<Pool> pools = new ArrayList<>();
        for (PoolState p : usable) {
            pools.add(pool(s, p, byAddress, prices));
        }
        BigInteger base = state.baseFee();
        BigInteger priority = gasPrice.subtract(base).max(BigInteger.ZERO);
        Chain chain = new Chain(s.id(), s.key(), s.name(), "", s.nativeSymbol(), 18, s.wrappedNative(),
                (int) s.blockTime().toMillis(), s.confirmations(), base, priority, BigInteger.ZERO, s.router(), null,
                true);
        return new Part(chain, tokens, pools, new ChainHead(s.id(), state.block(), state.hash(), state.timestamp()));
    }

    static String poolId(ChainSettings s, PoolState p) {
        return s.key() + ":" + p.provider() + ":" + p.address().lower();
    }

    private static Pool pool(ChainSettings s, PoolState p, Map<Address, TokenInfo> tokens,
            Map<Address, Double> prices) {
        double[] amounts = wholeAmounts(p, tokens);
        double usd = amounts[0] * prices.getOrDefault(p.token0(), 0.0)
                + amounts[1] * prices.getOrDefault(p.token1(), 0.0);
        return switch (p) {
            case PoolState.V2 v2 -> new ConstantProductPool(poolId(s, p), s.id(), p.provider(), p.token0(),
                    p.token1(), v2.reserve0(), v2.reserve1(), V2_FEE_BPS, usd);
            case PoolState.V3 v3 -> {
                TreeMap<Integer, BigInteger> net = new TreeMap<>();
                v3.ticks().forEach((t, info) -> net.put(t, info.net()));
                yield new ConcentratedPool(poolId(s, p), s.id(), p.provider(), p.token0(), p.token1(), v3.fee(),
                        v3.tickSpacing(), v3.sqrtPriceX96(), v3.tick(), v3.liquidity(), net, usd, v3.windowLow(),
                        v3.windowHigh());
            }
            case PoolState.Curve c -> new StablePool(poolId(s, p), s.id(), p.provider(), c.coins(),
                    c.coins().stream().map(t -> tokens.get(t).decimals()).toList(), c.balances(), c.amp(), c.fee(),
                    curveUsd(c, tokens, prices));
        };
    }

    private static double curveUsd(PoolState.Curve c, Map<Address, TokenInfo> tokens, Map<Address, Double> prices) {
        double usd = 0;
        for (int i = 0; i < c.coins().size(); i++) {
            usd += c.balances().get(i).doubleValue() / Math.pow(10, decimals(c.coins().get(i), tokens))
                    * prices.getOrDefault(c.coins().get(i), 0.0);
        }
        return usd;
    }

    private static int decimals(Address token, Map<Address, TokenInfo> tokens) {
        return tokens.containsKey(token) ? tokens.get(token).decimals() : 18;
    }

    /**
     * Whole-token amounts of each side (V3: the in-range virtual reserves; Curve: the balances of coins 0 and 1).
     * Floating point: USD only.
     */
    private static double[] wholeAmounts(PoolState p, Map<Address, TokenInfo> tokens) {
        int d0 = tokens.containsKey(p.token0()) ? tokens.get(p.token0()).decimals() : 18;
        int d1 = tokens.containsKey(p.token1()) ? tokens.get(p.token1()).decimals() : 18;
        double raw0;
        double raw1;
        switch (p) {
            case PoolState.V2 v2 -> {
                raw0 = v2.reserve0().doubleValue();
                raw1 = v2.reserve1().doubleValue();
            }
            case PoolState.Curve c -> {
                raw0 = c.balances().get(0).doubleValue();
                raw1 = c.balances().get(1).doubleValue();
            }
            case PoolState.V3 v3 -> {
                double sqrt = v3.sqrtPriceX96().doubleValue() / Q96;
                double l = v3.liquidity().doubleValue();
                raw0 = l / sqrt;
                raw1 = l * sqrt;
            }
        }
        return new double[] {raw0 / Math.pow(10, d0), raw1 / Math.pow(10, d1)};
    }

    /** Price of token1 in token0 whole units for the pool (spot), or NaN. */
    private static double token1InToken0(PoolState p, Map<Address, TokenInfo> tokens) {
        int d0 = tokens.containsKey(p.token0()) ? tokens.get(p.token0()).decimals() : 18;
        int d1 = tokens.containsKey(p.token1()) ? tokens.get(p.token1()).decimals() : 18;
        double raw1PerRaw0 = switch (p) {
            case PoolState.V2 v2 -> v2.reserve1().doubleValue() / v2.reserve0().doubleValue();
            case PoolState.V3 v3 -> Math.pow(v3.sqrtPriceX96().doubleValue() / Q96, 2);
            // A stable pool trades near parity in whole units: its spot price in raw units is the decimals' ratio.
            case PoolState.Curve c -> Math.pow(10, d1 - d0);
        };
        // whole token1 per whole token0 = raw1PerRaw0 * 10^d0 / 10^d1; token1 in token0 is its inverse.
        return 1 / (raw1PerRaw0 * Math.pow(10, d0 - d1));
    }

    /**
     * Each token's USD price by its deepest path to a stablecoin: stablecoins are $1; a token takes its price from the
     * pool (with a priced token) whose path to a stablecoin has the largest bottleneck depth in USD.
     */
    static Map<Address, Double> prices(ChainSettings s, Map<Address, TokenInfo> tokens, List<PoolState> pools) {
        Map<Address, Double> price = new HashMap<>();
        Map<Address, Double> depth = new HashMap<>();
        for (Address stable : s.stablecoins()) {
            price.put(stable, 1.0);
            depth.put(stable, Double.POSITIVE_INFINITY);
        }
        for (int round = 0; round < tokens.size() + 1; round++) {
            boolean changed = false;
            for (PoolState p : pools) {
                double[] amounts = wholeAmounts(p, tokens);
                double oneInZero = token1InToken0(p, tokens);
                if (!Double.isFinite(oneInZero) || oneInZero <= 0) {
                    continue;
                }
                for (int side = 0; side < 2; side++) {
                    Address known = side == 0 ? p.token0() : p.token1();
                    Address other = side == 0 ? p.token1() : p.token0();
                    Double pk = price.get(known);
                    if (pk == null || s.stablecoins().contains(other)) {
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

    static ChainId id(ChainSettings s) {
        return s.id();
    }
}
