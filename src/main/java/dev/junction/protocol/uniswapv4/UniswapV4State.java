package dev.junction.protocol.uniswapv4;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.TickWindow;
import dev.junction.market.TickWindowEdges;
import dev.junction.market.UniswapV4Pool;
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
 * A Uniswap V4 pool as chain mode holds it: its key, slot0 (price, tick, protocol fee, LP fee), liquidity and the
 * initialized ticks in {@code [windowLow, windowHigh]}, read through the DEX's {@code StateView} by {@code PoolId}.
 * Every V4 log comes from the one PoolManager: chain mode keys the pool by {@link #address()}, the low 20 bytes of its
 * {@code PoolId} (topic1 of each pool log; {@link UniswapV4#poolKey} routes a log there). Ticks outside the window are
 * unknown, as for V3: a quote reaching past it is refused and marks the edge ({@code edges}), read wider next round
 * (the ticks are kept as V3's: {@link TickBook}).
 *
 * @param key the pool's key and where it is read
 * @param lpFee the LP fee in pips (the key's for a static-fee pool; slot0's for a dynamic-fee one)
 * @param protocolFee slot0's protocol fee (12 bits per direction)
 */
public record UniswapV4State(Key key, BigInteger sqrtPriceX96, int tick, int protocolFee, int lpFee,
        BigInteger liquidity, NavigableMap<Integer, TickInfo> ticks, int windowLow, int windowHigh,
        TickWindowEdges edges) implements PoolState {

    /** {@code ProtocolFeeUpdated(PoolId indexed id, uint24 protocolFee)}. */
    public static final Bytes32 PROTOCOL_FEE_UPDATED = Abi.topic("ProtocolFeeUpdated(bytes32,uint24)");
    private static final String GET_SLOT0 = "getSlot0(bytes32)";
    private static final String GET_LIQUIDITY = "getLiquidity(bytes32)";
    private static final String GET_TICK_BITMAP = "getTickBitmap(bytes32,int16)";
    private static final String GET_TICK_LIQUIDITY = "getTickLiquidity(bytes32,int24)";
    private static final double Q96 = Math.pow(2, 96);

    /**
     * A pool's key and what chain mode needs around it.
     *
     * @param token0 the market's token of currency0 (the chain's wrapped native token for native ETH)
     * @param token1 the market's token of currency1
     * @param stateView the DEX's StateView lens
     * @param hooksAllowlist the DEX's {@code hooks-allowlist}
     */
    public record Key(String provider, Bytes32 poolId, Address currency0, Address currency1, int fee, int tickSpacing,
            Address hooks, Address token0, Address token1, Address stateView, List<Address> hooksAllowlist) {

        public Key {
            hooksAllowlist = List.copyOf(hooksAllowlist);
        }

        /** The key's PoolId: keccak256(abi.encode(currency0, currency1, fee, tickSpacing, hooks)). */
        static Bytes32 idOf(Address currency0, Address currency1, int fee, int tickSpacing, Address hooks) {
            return Bytes32.of(Abi.keccak(Abi.encode(Abi.address(currency0), Abi.address(currency1),
                    Abi.uint256(fee), Abi.int256(tickSpacing), Abi.address(hooks))));
        }
    }

    public UniswapV4State {
        ticks = Collections.unmodifiableNavigableMap(new TreeMap<>(ticks));
        edges = edges == null ? TickWindowEdges.create() : edges;
    }

    /** The address chain mode keys a pool by: the low 20 bytes of its PoolId. */
    public static Address addressOf(Bytes32 poolId) {
        String hex = poolId.value();
        return Address.evm("0x" + hex.substring(hex.length() - 40));
    }

    /** A pool just initialized (its {@code Initialize} log): followed since then, every tick known (none). */
    static UniswapV4State initialized(Key key, BigInteger sqrtPriceX96, int tick) {
        int fee = key.fee() == UniswapV4Pool.DYNAMIC_FEE_FLAG ? 0 : key.fee();
        return new UniswapV4State(key, sqrtPriceX96, tick, 0, fee, BigInteger.ZERO, new TreeMap<>(),
                TickMath.MIN_TICK, TickMath.MAX_TICK, TickWindowEdges.create());
    }

    /** A pool found at the cold load: not read yet. */
    static UniswapV4State found(Key key) {
        return new UniswapV4State(key, BigInteger.ZERO, 0, 0, 0, BigInteger.ZERO, new TreeMap<>(), 0, 0,
                TickWindowEdges.create());
    }

    @Override
    public String provider() {
        return key.provider();
    }

    @Override
    public Address address() {
        return addressOf(key.poolId());
    }

    @Override
    public Address token0() {
        return key.token0();
    }

    @Override
    public Address token1() {
        return key.token1();
    }

    @Override
    public boolean usable() {
        return sqrtPriceX96.signum() > 0;
    }

    /** Whether every tick is known (a pool followed since its initialization). */
    public boolean fullWindow() {
        return window().isFull();
    }

    /** The ticks whose initialized state is known. */
    public TickWindow window() {
        return new TickWindow(windowLow, windowHigh);
    }

    private TickBook book() {
        return new TickBook(ticks, window(), edges, key.tickSpacing());
    }

    /** StateView's {@code getTickBitmap} and {@code getTickLiquidity}; a read ends in this state holding its book. */
    private TickBook.Reads reads() {
        return new TickBook.Reads(w -> lens(GET_TICK_BITMAP, Abi.int256(w)),
                t -> lens(GET_TICK_LIQUIDITY, Abi.int256(t)),
                read -> with(sqrtPriceX96, tick, protocolFee, lpFee, liquidity, read.ticks(), read.window()));
    }

    private UniswapV4State with(BigInteger sqrtPrice, int newTick, int newProtocolFee, int newLpFee,
            BigInteger newLiquidity, NavigableMap<Integer, TickInfo> newTicks, TickWindow window) {
        return new UniswapV4State(key, sqrtPrice, newTick, newProtocolFee, newLpFee, newLiquidity, newTicks,
                window.low(), window.high(), edges);
    }

    /**
     * {@code Swap} sets sqrtPrice, liquidity and tick, and for a dynamic-fee pool without protocol fee its LP fee (the
     * log's fee is the swap fee: the LP fee only when the protocol fee is 0); {@code ModifyLiquidity} changes the
     * ticks' gross and net liquidity (and the active liquidity when the range holds the current tick);
     * {@code ProtocolFeeUpdated} the protocol fee; {@code Donate} changes nothing a quote uses; {@code Initialize}
     * of a pool read uninitialized (a configured key) starts it.
     */
    @Override
    public PoolState apply(LogEntry log) {
        Bytes32 t0 = log.topic0();
        String d = log.data();
        if (t0.equals(UniswapV4.SWAP)) {
            int fee = key.fee() == UniswapV4Pool.DYNAMIC_FEE_FLAG && protocolFee == 0 ? uint(d, 5).intValueExact()
                    : lpFee;
            return with(uint(d, 2), int256(d, 4).intValueExact(), protocolFee, fee, uint(d, 3), ticks, window());
        }
        if (t0.equals(UniswapV4.MODIFY_LIQUIDITY)) {
            return withPosition(int256(d, 0).intValueExact(), int256(d, 1).intValueExact(), int256(d, 2));
        }
        if (t0.equals(UniswapV4.INITIALIZE) && !usable()) {
            // a configured key read before its pool was initialized: followed from here, every tick known (none)
            return initialized(key, uint(d, 3), int256(d, 4).intValueExact());
        }
        if (t0.equals(PROTOCOL_FEE_UPDATED)) {
            return with(sqrtPriceX96, tick, uint(d, 0).intValueExact(), lpFee, liquidity, ticks, window());
        }
        return this;
    }

    /** A position's liquidity changed by {@code delta} over [lower, upper). */
    UniswapV4State withPosition(int lower, int upper, BigInteger delta) {
        if (delta.signum() == 0) {
            return this;
        }
        NavigableMap<Integer, TickInfo> next = book().withPosition(lower, upper, delta);
        BigInteger active = usable() && lower <= tick && tick < upper ? liquidity.add(delta) : liquidity;
        return with(sqrtPriceX96, tick, protocolFee, lpFee, active, next, window());
    }

    /**
     * A dynamic-fee pool's hook changes its LP fee with {@code updateDynamicLPFee}, which logs nothing: such a pool is
     * re-read each block.
     */
    @Override
    public boolean rereadEachBlock(long timestamp) {
        return key.fee() == UniswapV4Pool.DYNAMIC_FEE_FLAG;
    }

    /** Whether the current tick is within one bitmap word of the window's edge (time to reload the window). */
    @Override
    public boolean needsReload() {
        return book().needsReload(tick);
    }

    @Override
    public boolean wantsWider() {
        return usable() && book().wantsWider();
    }

    /** The window widened on the sides quotes reached, reading only the new words (as V3's). */
    @Override
    public PoolRead readWider(ChainSettings chain) {
        return book().readWider(tick, this, reads());
    }

    /**
     * Three rounds through StateView: {@code getSlot0} and {@code getLiquidity}; {@code getTickBitmap} of the window's
     * words around the current tick ({@code tick-window-words} each side); {@code getTickLiquidity} of every
     * initialized tick found.
     */
    @Override
    public PoolRead read(ChainSettings chain) {
        return new PoolRead() {
            @Override
            public List<ContractCall> calls() {
                return List.of(lens(GET_SLOT0), lens(GET_LIQUIDITY));
            }

            @Override
            public PoolRead answer(List<String> answers) {
                String slot = answers.get(0);
                String liq = answers.get(1);
                if (slot == null || liq == null || words(slot) < 4) {
                    return PoolRead.done(null);
                }
                int now = int256(slot, 1).intValueExact();
                int sp = key.tickSpacing();
                TickWindow window = TickWindow.around(now, sp, chain.tickWindowWords());
                UniswapV4State read = new UniswapV4State(key, uint(slot, 0), now, uint(slot, 2).intValueExact(),
                        uint(slot, 3).intValueExact(), uint(liq, 0), new TreeMap<>(), window.low(), window.high(),
                        edges);
                return read.book().readWindow(read, read.reads());
            }
        };
    }

    private ContractCall lens(String signature, Abi.Value... after) {
        Abi.Value[] args = new Abi.Value[after.length + 1];
        args[0] = Abi.bytes32(key.poolId());
        System.arraycopy(after, 0, args, 1, after.length);
        return new ContractCall(key.stateView(), Abi.callHex(signature, args));
    }

    /**
     * The market's {@link UniswapV4Pool}; empty when its hooks are not routed ({@link UniswapV4Hooks}) or a token is
     * not served (its decimals unknown: a configured key's).
     */
    @Override
    public Optional<PoolFacts> facts(Map<Address, Integer> decimals) {
        Address token0 = key.token0();
        Address token1 = key.token1();
        if (UniswapV4Hooks.refusal(key.hooks(), key.hooksAllowlist()).isPresent() || !decimals.containsKey(token0)
                || !decimals.containsKey(token1)) {
            return Optional.empty();
        }
        int d0 = decimals.get(token0);
        int d1 = decimals.get(token1);
        double sqrt = sqrtPriceX96.doubleValue() / Q96;
        double l = liquidity.doubleValue();
        double[] amounts = {l / sqrt / Math.pow(10, d0), l * sqrt / Math.pow(10, d1)};
        NavigableMap<Integer, BigInteger> liquidityNet = book().liquidityNet();
        return Optional.of(new PoolFacts(List.of(token0, token1), amounts, PoolFacts.oneInZero(sqrt * sqrt, d0, d1),
                (id, chain, usd) -> new UniswapV4Pool(new ConcentratedPool(id, chain, key.provider(), token0, token1,
                        lpFee, key.tickSpacing(), sqrtPriceX96, tick, liquidity, liquidityNet, usd, windowLow,
                        windowHigh, edges), key.currency0(), key.currency1(), key.fee(), key.hooks(), protocolFee)));
    }
}
