package dev.junction.protocol.uniswapv3;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
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
import dev.junction.protocol.shared.TickBook;
import dev.junction.protocol.shared.TickBook.TickInfo;
import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A Uniswap V3 pool as chain mode holds it: slot0, liquidity and the initialized ticks in
 * {@code [windowLow, windowHigh]} (whole bitmap words; the whole range for a pool followed since its creation). Ticks
 * outside the window are unknown: a quote that would reach past it is refused and marks the edge it reached in
 * {@code edges}; the follower then reads that side's next words ({@link #readWider}) in its next round. The ticks are
 * kept as the Uniswap V4 room keeps them ({@link TickBook}).
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
        return window().isFull();
    }

    /** The ticks whose initialized state is known. */
    public TickWindow window() {
        return new TickWindow(windowLow, windowHigh);
    }

    private TickBook book() {
        return new TickBook(ticks, window(), edges, tickSpacing);
    }

    /** The pool's {@code tickBitmap(int16)} and {@code ticks(int24)}; a read ends in this state holding its book. */
    private TickBook.Reads reads() {
        return new TickBook.Reads(w -> new ContractCall(address, Abi.callHex(TICK_BITMAP, Abi.int256(w))),
                t -> new ContractCall(address, Abi.callHex(TICKS, Abi.int256(t))),
                read -> withTicks(read.ticks(), read.window()));
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
        NavigableMap<Integer, TickInfo> next = book().withPosition(lower, upper, delta);
        BigInteger active = liquidity;
        if (usable() && lower <= tick && tick < upper) {
            active = active.add(delta);
        }
        return new UniswapV3State(provider, address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, active,
                next, windowLow, windowHigh, edges);
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
        return book().needsReload(tick);
    }

    /** Whether a quote reached an edge of the window since it was last widened. */
    @Override
    public boolean wantsWider() {
        return usable() && book().wantsWider();
    }

    /**
     * The window widened on the sides quotes reached ({@link TickWindow#widened}), reading only the new words (at the
     * block of this state, which already holds every tick of the old window): two rounds, the new bitmap words, then
     * {@code ticks(t)} of the initialized ticks in them. This state when no side can grow.
     */
    @Override
    public PoolRead readWider(ChainSettings chain) {
        return book().readWider(tick, this, reads());
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
                return read.book().readWindow(read, read.reads());
            }
        };
    }

    @Override
    public Optional<PoolFacts> facts(Map<Address, Integer> decimals) {
        int d0 = decimals.getOrDefault(token0, 18);
        int d1 = decimals.getOrDefault(token1, 18);
        double sqrt = sqrtPriceX96.doubleValue() / Q96;
        double l = liquidity.doubleValue();
        double[] amounts = {l / sqrt / Math.pow(10, d0), l * sqrt / Math.pow(10, d1)};
        double raw1PerRaw0 = Math.pow(sqrtPriceX96.doubleValue() / Q96, 2);
        NavigableMap<Integer, BigInteger> liquidityNet = book().liquidityNet();
        return Optional.of(new PoolFacts(List.of(token0, token1), amounts, PoolFacts.oneInZero(raw1PerRaw0, d0, d1),
                (id, chain, usd) -> new ConcentratedPool(id, chain, provider, token0, token1, fee, tickSpacing,
                        sqrtPriceX96, tick, liquidity, liquidityNet, usd, windowLow, windowHigh, edges)));
    }
}
