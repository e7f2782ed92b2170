package dev.junction.protocol.uniswapv3;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.TickWindow;
import dev.junction.market.TickWindowEdges;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.PoolFacts;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A Uniswap V3 pool as chain mode holds it: slot0, liquidity and the initialized ticks in
 * {@code [windowLow, windowHigh]} (whole bitmap words; the whole range for a pool followed since its creation). Ticks
 * outside the window are unknown: a quote that would reach past it is refused and marks the edge it reached in
 * {@code edges}; the follower then reads that side's next words ({@link #readWider}) in its next round.
 */
public record UniswapV3State(String provider, Address address, Address token0, Address token1, int fee,
        int tickSpacing, BigInteger sqrtPriceX96, int tick, BigInteger liquidity, NavigableMap<Integer, TickInfo> ticks,
        int windowLow, int windowHigh, TickWindowEdges edges) implements PoolState {

    public static final Bytes32 SWAP = Abi.topic("Swap(address,address,int256,int256,uint160,uint128,int24)");
    public static final Bytes32 MINT = Abi.topic("Mint(address,address,int24,int24,uint128,uint256,uint256)");
    public static final Bytes32 BURN = Abi.topic("Burn(address,int24,int24,uint128,uint256,uint256)");
    public static final Bytes32 INITIALIZE = Abi.topic("Initialize(uint160,int24)");
    public static final Bytes32 POOL_CREATED = Abi.topic("PoolCreated(address,address,uint24,int24,address)");
    private static final String SLOT0 = Abi.callHex("slot0()");
    private static final String LIQUIDITY = Abi.callHex("liquidity()");
    private static final String TICK_SPACING = Abi.callHex("tickSpacing()");
    private static final String TICK_BITMAP = "tickBitmap(int16)";
    private static final String TICKS = "ticks(int24)";
    private static final double Q96 = Math.pow(2, 96);

    /** A tick's liquidityGross and liquidityNet; initialized while gross > 0. */
    public record TickInfo(BigInteger gross, BigInteger net) {
    }

    public UniswapV3State {
        ticks = Collections.unmodifiableNavigableMap(new TreeMap<>(ticks));
        edges = edges == null ? TickWindowEdges.create() : edges;
    }

    /** A state whose edges are recorded anew (a pool just found or read from a test). */
    public UniswapV3State(String provider, Address address, Address token0, Address token1, int fee, int tickSpacing,
            BigInteger sqrtPriceX96, int tick, BigInteger liquidity, NavigableMap<Integer, TickInfo> ticks,
            int windowLow, int windowHigh) {
        this(provider, address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, liquidity, ticks, windowLow,
                windowHigh, TickWindowEdges.create());
    }

    /** A pool just created: not initialized, every tick known (none). */
    static UniswapV3State created(String provider, Address address, Address token0, Address token1, int fee,
            int spacing) {
        return new UniswapV3State(provider, address, token0, token1, fee, spacing, BigInteger.ZERO, 0,
                BigInteger.ZERO, new TreeMap<>(), TickMath.MIN_TICK, TickMath.MAX_TICK);
    }

    /** A pool found by {@code getPool}: not read yet. */
    static UniswapV3State found(String provider, Address address, Address token0, Address token1, int fee) {
        return new UniswapV3State(provider, address, token0, token1, fee, 1, BigInteger.ZERO, 0, BigInteger.ZERO,
                new TreeMap<>(), 0, 0);
    }

    @Override
    public boolean usable() {
        return sqrtPriceX96.signum() > 0;
    }

    /** Whether every tick is known (a pool followed since its creation). */
    public boolean fullWindow() {
        return windowLow <= TickMath.MIN_TICK && windowHigh >= TickMath.MAX_TICK;
    }

    /** The ticks whose initialized state is known. */
    public TickWindow window() {
        return new TickWindow(windowLow, windowHigh);
    }

    boolean inWindow(int t) {
        return t >= windowLow && t <= windowHigh;
    }

    UniswapV3State withSlot(BigInteger sqrtPrice, int newTick, BigInteger newLiquidity) {
        return new UniswapV3State(provider, address, token0, token1, fee, tickSpacing, sqrtPrice, newTick,
                newLiquidity, ticks, windowLow, windowHigh, edges);
    }

    private UniswapV3State withTicks(Map<Integer, TickInfo> known, TickWindow window) {
        return new UniswapV3State(provider, address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, liquidity,
                new TreeMap<>(known), window.low(), window.high(), edges);
    }

    /** A position's liquidity changed by {@code delta} (Mint: +, Burn: -) over [lower, upper). */
    UniswapV3State withPosition(int lower, int upper, BigInteger delta) {
        TreeMap<Integer, TickInfo> next = new TreeMap<>(ticks);
        update(next, lower, delta, false);
        update(next, upper, delta, true);
        BigInteger active = liquidity;
        if (usable() && lower <= tick && tick < upper) {
            active = active.add(delta);
        }
        return new UniswapV3State(provider, address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, active,
                next, windowLow, windowHigh, edges);
    }

    private void update(TreeMap<Integer, TickInfo> map, int t, BigInteger delta, boolean upper) {
        if (!inWindow(t)) {
            return;
        }
        TickInfo old = map.getOrDefault(t, new TickInfo(BigInteger.ZERO, BigInteger.ZERO));
        BigInteger gross = old.gross().add(delta);
        BigInteger net = upper ? old.net().subtract(delta) : old.net().add(delta);
        if (gross.signum() == 0) {
            map.remove(t);
        } else {
            map.put(t, new TickInfo(gross, net));
        }
    }

    /**
     * {@code Swap} sets sqrtPrice, tick and liquidity; {@code Initialize} the first price; {@code Mint}/{@code Burn}
     * change the ticks' gross and net liquidity (and the active liquidity when the range holds the current tick).
     */
    @Override
    public PoolState apply(LogEntry log) {
        Bytes32 t0 = log.topic0();
        if (t0.equals(SWAP)) {
            return withSlot(uint(log.data(), 2), int256(log.data(), 4).intValueExact(), uint(log.data(), 3));
        }
        if (t0.equals(INITIALIZE)) {
            return withSlot(uint(log.data(), 0), int256(log.data(), 1).intValueExact(), liquidity);
        }
        if (t0.equals(MINT)) {
            return withPosition(tickTopic(log, 2), tickTopic(log, 3), uint(log.data(), 1));
        }
        if (t0.equals(BURN)) {
            return withPosition(tickTopic(log, 2), tickTopic(log, 3), uint(log.data(), 0).negate());
        }
        return this;
    }

    private static int tickTopic(LogEntry log, int index) {
        return int256(log.topics().get(index)).intValueExact();
    }

    /** Whether the current tick is within one bitmap word of the window's edge (time to reload the window). */
    @Override
    public boolean needsReload() {
        if (fullWindow()) {
            return false;
        }
        int word = 256 * tickSpacing;
        return (windowLow > TickMath.MIN_TICK && tick < windowLow + word)
                || (windowHigh < TickMath.MAX_TICK && tick > windowHigh - word);
    }

    /** Whether a quote reached an edge of the window since it was last widened. */
    @Override
    public boolean wantsWider() {
        return usable() && !fullWindow() && edges.pending();
    }

    /**
     * The window widened on the sides quotes reached ({@link TickWindow#widened}), reading only the new words (at the
     * block of this state, which already holds every tick of the old window): two rounds, the new bitmap words, then
     * {@code ticks(t)} of the initialized ticks in them. This state when no side can grow.
     */
    @Override
    public PoolRead readWider(ChainSettings chain) {
        TickWindowEdges.Sides sides = edges.take();
        TickWindow now = window();
        TickWindow next = now.widened(tick, tickSpacing, sides.below(), sides.above());
        if (!usable() || next.equals(now)) {
            return PoolRead.done(this);
        }
        List<Integer> words = new ArrayList<>();
        for (int w = next.lowWord(tickSpacing); w < now.lowWord(tickSpacing); w++) {
            words.add(w);
        }
        for (int w = now.highWord(tickSpacing) + 1; w <= next.highWord(tickSpacing); w++) {
            words.add(w);
        }
        return new Bitmap(withTicks(ticks, next), List.copyOf(words));
    }

    /**
     * Three rounds: slot0, liquidity and tick spacing; the tick-bitmap words of the window around the current tick
     * ({@code tick-window-words} each side: a widened window shrinks back to it); {@code ticks(t)} of every
     * initialized tick found.
     */
    @Override
    public PoolRead read(ChainSettings chain) {
        return new PoolRead() {
            @Override
            public List<ContractCall> calls() {
                return List.of(new ContractCall(address, SLOT0), new ContractCall(address, LIQUIDITY),
                        new ContractCall(address, TICK_SPACING));
            }

            @Override
            public PoolRead answer(List<String> answers) {
                String slot = answers.get(0);
                String liq = answers.get(1);
                String spacing = answers.get(2);
                if (slot == null || liq == null || spacing == null || words(slot) < 2) {
                    return PoolRead.done(null);
                }
                int now = int256(slot, 1).intValueExact();
                int sp = int256(spacing, 0).intValueExact();
                TickWindow window = TickWindow.around(now, sp, chain.tickWindowWords());
                UniswapV3State read = new UniswapV3State(provider, address, token0, token1, fee, sp, uint(slot, 0),
                        now, uint(liq, 0), new TreeMap<>(), window.low(), window.high(), edges);
                List<Integer> words = new ArrayList<>();
                for (int w = window.lowWord(sp); read.usable() && w <= window.highWord(sp); w++) {
                    words.add(w);
                }
                return new Bitmap(read, List.copyOf(words));
            }
        };
    }

    /**
     * A read's bitmap round: {@code words} of the pool (the whole window, or the words a widening adds); the pool
     * holds the ticks already known and its window once read.
     */
    private record Bitmap(UniswapV3State pool, List<Integer> words) implements PoolRead {

        @Override
        public List<ContractCall> calls() {
            return words.stream()
                    .map(w -> new ContractCall(pool.address(), Abi.callHex(TICK_BITMAP, Abi.int256(w)))).toList();
        }

        @Override
        public PoolRead answer(List<String> answers) {
            List<Integer> ticks = new ArrayList<>();
            int k = 0;
            for (int w : words) {
                String r = answers.get(k++);
                if (r == null || AbiDecoder.isZero(r, 0)) {
                    continue; // most words of a window are empty
                }
                BigInteger bits = uint(r, 0);
                for (int b = bits.getLowestSetBit(); b >= 0 && b < 256; b = nextBit(bits, b)) {
                    ticks.add((w * 256 + b) * pool.tickSpacing());
                }
            }
            return new Ticks(pool, List.copyOf(ticks));
        }
    }

    /** A read's last round: {@code ticks(t)} of each initialized tick found, added to the ticks already known. */
    private record Ticks(UniswapV3State pool, List<Integer> initialized) implements PoolRead {

        @Override
        public List<ContractCall> calls() {
            return initialized.stream()
                    .map(t -> new ContractCall(pool.address(), Abi.callHex(TICKS, Abi.int256(t)))).toList();
        }

        @Override
        public PoolRead answer(List<String> answers) {
            Map<Integer, TickInfo> ticks = new HashMap<>(pool.ticks());
            int k = 0;
            for (int t : initialized) {
                String r = answers.get(k++);
                if (r != null && words(r) >= 2) {
                    BigInteger gross = uint(r, 0);
                    if (gross.signum() > 0) {
                        ticks.put(t, new TickInfo(gross, int256(r, 1)));
                    }
                }
            }
            return PoolRead.done(pool.withTicks(ticks, pool.window()));
        }
    }

    private static int nextBit(BigInteger bits, int after) {
        BigInteger rest = bits.shiftRight(after + 1);
        return rest.signum() == 0 ? -1 : after + 1 + rest.getLowestSetBit();
    }

    @Override
    public Optional<PoolFacts> facts(Map<Address, Integer> decimals) {
        int d0 = decimals.getOrDefault(token0, 18);
        int d1 = decimals.getOrDefault(token1, 18);
        double sqrt = sqrtPriceX96.doubleValue() / Q96;
        double l = liquidity.doubleValue();
        double[] amounts = {l / sqrt / Math.pow(10, d0), l * sqrt / Math.pow(10, d1)};
        double raw1PerRaw0 = Math.pow(sqrtPriceX96.doubleValue() / Q96, 2);
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        ticks.forEach((t, info) -> net.put(t, info.net()));
        NavigableMap<Integer, BigInteger> liquidityNet = Collections.unmodifiableNavigableMap(net);
        return Optional.of(new PoolFacts(List.of(token0, token1), amounts, PoolFacts.oneInZero(raw1PerRaw0, d0, d1),
                (id, chain, usd) -> new ConcentratedPool(id, chain, provider, token0, token1, fee, tickSpacing,
                        sqrtPriceX96, tick, liquidity, liquidityNet, usd, windowLow, windowHigh, edges)));
    }
}
