package dev.junction.protocol;

import dev.junction.market.BridgeLane;
import dev.junction.market.GasModel;
import dev.junction.market.Pool;
import java.io.IOException;
import java.io.InputStream;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Gas units of Junction's own router ({@code contracts/src/JunctionRouter.sol} and its adapters), measured: the table
 * {@code router-gas.json} beside this class ({@link RouterGasTable}) is derived from the transaction gas of route
 * shapes sent through the real router by {@code contracts/test/RouterGasTable.t.sol} (as a receipt's
 * {@code gasUsed}), and that test fails when the table's prediction for any shape is off by more than its
 * {@code tolerancePercent}, so the table cannot drift from the router silently. A route's units: {@code base}
 * (21,000, calldata, the router's fixed work) + each step's figure, given by its room (a DEX room by pool kind, e.g.
 * Uniswap V3's row plus {@code v3TickCrossed} per initialized tick crossed; a bridge room its deposit row) +
 * {@code integratorFee}, {@code wrapNative}, {@code unwrapNative} when the route has them (a Uniswap V4
 * native-currency pool's step that moves native itself has its own measured rows, wrap and unwrap included); a split
 * route adds {@code split} + {@code splitLeg} per leg, each leg's steps counted as a path of their own. The receiver is assumed to
 * hold the output token already (a first balance costs about 17,100 more).
 *
 * <p>A bridge whose room has no measured row (its adapter's deposit is not in the table, or it has no adapter) counts
 * the largest measured deposit as a stand-in ({@link #measuresDeposit} says which; chain mode logs it).
 */
public final class RouterGas implements GasModel {

    private final long base;
    private final long integratorFee;
    private final long wrapNative;
    private final long unwrapNative;
    private final long permitWitness;
    private final long split;
    private final long splitLeg;
    private final int tolerancePercent;
    private final Map<Class<? extends Pool>, DexProtocol.SwapGas> swaps;
    private final Map<Class<? extends Pool>, DexProtocol.NativeSwapGas> nativeSwaps;
    private final Map<BridgeProtocol, StepGas> deposits;
    private final Optional<StepGas> standIn;
    private final RouterGasTable table;

    private RouterGas(RouterGasTable table) {
        this.table = table;
        base = table.figure("base");
        integratorFee = table.figure("integratorFee");
        wrapNative = table.figure("wrapNative");
        unwrapNative = table.figure("unwrapNative");
        permitWitness = table.figure("permitWitness");
        split = table.figure("split");
        splitLeg = table.figure("splitLeg");
        tolerancePercent = Math.toIntExact(table.figure("tolerancePercent"));
        Map<Class<? extends Pool>, DexProtocol.SwapGas> s = new HashMap<>();
        for (DexProtocol d : Protocols.dexes()) {
            for (Class<? extends Pool> kind : d.poolKinds()) {
                s.put(kind, d.swapGas(table, kind));
            }
        }
        swaps = Map.copyOf(s);
        Map<Class<? extends Pool>, DexProtocol.NativeSwapGas> n = new HashMap<>();
        for (DexProtocol d : Protocols.dexes()) {
            d.nativeSwapGas(table).ifPresent(g -> d.poolKinds().forEach(kind -> n.put(kind, g)));
        }
        nativeSwaps = Map.copyOf(n);
        Map<BridgeProtocol, StepGas> dep = new IdentityHashMap<>();
        for (BridgeProtocol b : Protocols.bridges()) {
            b.depositGas(table).ifPresent(g -> dep.put(b, g));
        }
        deposits = dep;
        standIn = dep.values().stream().max(Comparator.comparingLong(StepGas::first));
    }

    /** The measured table of Junction's router. */
    public static RouterGas measured() {
        return Holder.TABLE;
    }

    /**
     * Reads a table; every room takes its figures from it.
     *
     * @throws IllegalStateException naming the first missing or non-positive entry
     */
    public static RouterGas read(InputStream json) throws IOException {
        return new RouterGas(RouterGasTable.read(json));
    }

    @Override
    public long swap(Pool pool, int ticksCrossed, boolean afterSwap) {
        return swaps.get(pool.getClass()).units(ticksCrossed, afterSwap);
    }

    /**
     * A step spending the route's native input itself: its room's measured native row ({@code v4NativeIn}), which
     * includes what the route's wrap would cost; a pool kind without one falls back to its row plus the wrap.
     */
    @Override
    public long swapNativeIn(Pool pool, int ticksCrossed) {
        DexProtocol.NativeSwapGas g = nativeSwaps.get(pool.getClass());
        return g != null ? g.in().units(ticksCrossed, false) : swap(pool, ticksCrossed, false) + wrapNative;
    }

    /** A step paying native itself: its room's measured native row, which includes sending it to the receiver. */
    @Override
    public long swapNativeOut(Pool pool, int ticksCrossed, boolean afterSwap) {
        DexProtocol.NativeSwapGas g = nativeSwaps.get(pool.getClass());
        return g != null ? g.out().units(ticksCrossed, afterSwap) : swap(pool, ticksCrossed, afterSwap) + unwrapNative;
    }

    /**
     * The deposit of the lane's bridge ({@link #deposit(String)}); the lane's own {@code gasUnits} only when the table
     * measures no bridge at all.
     */
    @Override
    public long bridge(BridgeLane lane, boolean afterSwap) {
        return depositRow(lane.provider()).map(g -> g.units(afterSwap)).orElse(lane.gasUnits());
    }

    /**
     * A bridge's deposit through the router: its room's measured row, or for a bridge without one the largest measured
     * deposit.
     *
     * @throws IllegalStateException when the table measures no bridge at all
     */
    public StepGas deposit(String bridgeKey) {
        return depositRow(bridgeKey).orElseThrow(() -> new IllegalStateException(
                RouterGasTable.RESOURCE + " measures no bridge deposit"));
    }

    /** Whether the table measures the deposit of this bridge (else {@link #deposit} is a stand-in). */
    public boolean measuresDeposit(String bridgeKey) {
        return deposits.containsKey(Protocols.bridge(bridgeKey));
    }

    private Optional<StepGas> depositRow(String bridgeKey) {
        StepGas measured = deposits.get(Protocols.bridge(bridgeKey));
        return measured != null ? Optional.of(measured) : standIn;
    }

    /** The lane's bridge room's redeem figure ({@link BridgeProtocol#legRedeemGas}). */
    @Override
    public OptionalLong legRedeemGas(BridgeLane lane) {
        return Protocols.bridge(lane.provider()).legRedeemGas(lane);
    }

    @Override
    public long route(boolean nativeIn, boolean nativeOut, boolean fee) {
        return base + (nativeIn ? wrapNative : 0) + (nativeOut ? unwrapNative : 0) + (fee ? integratorFee : 0);
    }

    /** The measured difference of a mode-3 route ({@code executeRouteWithPermit}) over the same route approved. */
    @Override
    public long permitPull() {
        return permitWitness;
    }

    /** A split's measured fixed work ({@code split}) and each leg's beyond its steps ({@code splitLeg}). */
    @Override
    public long split(int legs) {
        return split + splitLeg * legs;
    }

    /** The route's fixed units: 21,000, calldata and the router's fixed work. */
    public long base() {
        return base;
    }

    /** The integrator fee transfer. */
    public long integratorFee() {
        return integratorFee;
    }

    /** Wrapping a native input. */
    public long wrapNative() {
        return wrapNative;
    }

    /** Unwrapping a native output and sending it to the receiver. */
    public long unwrapNative() {
        return unwrapNative;
    }

    /** A Permit2 witness signature (acquisition mode 3) instead of an approval. */
    public long permitWitness() {
        return permitWitness;
    }

    /** The table as read: each room's rows by their names. */
    public RouterGasTable table() {
        return table;
    }

    /** How far the forge test lets a shape's prediction be from its measured gas. */
    public int tolerancePercent() {
        return tolerancePercent;
    }

    @Override
    public String toString() {
        return "junction-router";
    }

    private static final class Holder {
        static final RouterGas TABLE = load();

        private static RouterGas load() {
            try (InputStream in = RouterGas.class.getResourceAsStream(RouterGasTable.RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RouterGasTable.RESOURCE + " is missing from the classpath");
                }
                return read(in);
            } catch (IOException e) {
                throw new IllegalStateException(RouterGasTable.RESOURCE + " could not be read", e);
            }
        }
    }
}
