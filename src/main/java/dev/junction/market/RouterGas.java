package dev.junction.market;

import java.io.IOException;
import java.io.InputStream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Gas units of Junction's own router ({@code contracts/src/JunctionRouter.sol} and its adapters), measured: the table
 * {@code router-gas.json} beside this class is derived from the transaction gas of route shapes sent through the real
 * router by {@code contracts/test/RouterGasTable.t.sol} (as a receipt's {@code gasUsed}), and that test fails when the
 * table's prediction for any shape is off by more than its {@code tolerancePercent}, so the table cannot drift from the
 * router silently. A route's units: {@code base} (21,000, calldata, the router's fixed work) + each step's
 * {@code first} or {@code later} figure by pool kind (or Across deposit) + {@code v3TickCrossed} per initialized tick a V3 step crosses +
 * {@code integratorFee}, {@code wrapNative}, {@code unwrapNative} when the route has them. The receiver is assumed to
 * hold the output token already (a first balance costs about 17,100 more).
 *
 * @param base the route's fixed units
 * @param v2 a Uniswap V2-family step
 * @param v3 a Uniswap V3-family step, before ticks crossed
 * @param curve a Curve StableSwap step
 * @param across an Across deposit into the chain's SpokePool (chain mode's only bridge)
 * @param v3TickCrossed each initialized tick a V3 step crosses
 * @param integratorFee the integrator fee transfer
 * @param wrapNative wrapping a native input
 * @param unwrapNative unwrapping a native output and sending it to the receiver
 * @param permitWitness a Permit2 witness signature (acquisition mode 3) instead of an approval
 * @param tolerancePercent how far the forge test lets a shape's prediction be from its measured gas
 */
public record RouterGas(long base, StepGas v2, StepGas v3, StepGas curve, StepGas across, long v3TickCrossed,
        long integratorFee, long wrapNative, long unwrapNative, long permitWitness, int tolerancePercent)
        implements GasModel {

    /** The table's resource, next to this class. */
    static final String RESOURCE = "router-gas.json";

    /**
     * Units of a step of one kind.
     *
     * @param first as the route's first step
     * @param later after another swap in the same transaction
     */
    public record StepGas(long first, long later) {
    }

    /** The measured table of Junction's router. */
    public static RouterGas measured() {
        return Holder.TABLE;
    }

    @Override
    public long swap(Pool pool, int ticksCrossed, boolean afterSwap) {
        return switch (pool) {
            case ConstantProductPool p -> afterSwap ? v2.later() : v2.first();
            case ConcentratedPool p -> (afterSwap ? v3.later() : v3.first()) + v3TickCrossed * ticksCrossed;
            case StablePool p -> afterSwap ? curve.later() : curve.first();
        };
    }

    /** An Across deposit, whatever the lane's own {@code gasUnits}: chain mode's bridges are Across SpokePools. */
    @Override
    public long bridge(BridgeLane lane, boolean afterSwap) {
        return afterSwap ? across.later() : across.first();
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

    @Override
    public String toString() {
        return "junction-router";
    }

    /** Reads the table; fails naming the missing or non-positive entry. */
    static RouterGas read(InputStream json) throws IOException {
        JsonNode t = JsonMapper.builder().build().readTree(json);
        JsonNode steps = t.path("steps");
        return new RouterGas(units(t, "base"), step(steps, "uniswap-v2"), step(steps, "uniswap-v3"),
                step(steps, "curve"), step(steps, "across"), units(t, "v3TickCrossed"), units(t, "integratorFee"), units(t, "wrapNative"),
                units(t, "unwrapNative"), units(t, "permitWitness"), (int) units(t, "tolerancePercent"));
    }

    private static StepGas step(JsonNode steps, String kind) {
        return new StepGas(units(steps.path(kind), kind + ".first", "first"),
                units(steps.path(kind), kind + ".later", "later"));
    }

    private static long units(JsonNode node, String name) {
        return units(node, name, name);
    }

    private static long units(JsonNode node, String name, String field) {
        JsonNode v = node.path(field);
        if (!v.isIntegralNumber() || v.asLong() <= 0) {
            throw new IllegalStateException(RESOURCE + ": " + name + " must be a positive integer, found " + v);
        }
        return v.asLong();
    }

    private static final class Holder {
        static final RouterGas TABLE = load();

        private static RouterGas load() {
            try (InputStream in = RouterGas.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the classpath");
                }
                return read(in);
            } catch (IOException e) {
                throw new IllegalStateException(RESOURCE + " could not be read", e);
            }
        }
    }
}
