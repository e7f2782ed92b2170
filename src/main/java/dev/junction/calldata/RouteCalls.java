package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.DestinationCallGas;
import dev.junction.routing.NativeSteps;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RouteStep;
import dev.junction.routing.Slippage;
import dev.junction.routing.StepKind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The adapter from the planner's {@link PlannedRoute} to the encoder's {@link RouteCall}.
 */
public final class RouteCalls {

    /** How long the signed route stays executable at least: Uniswap's default transaction deadline, 30 minutes. */
    public static final long DEADLINE_SECONDS = 1_800;
    /** Gas of the router's hand-over to its {@code JunctionExecutor} besides the call's own limit. */
    public static final long EXECUTOR_GAS = DestinationCallGas.EXECUTOR_GAS;

    private RouteCalls() {
    }

    /**
     * The terms of a build that the route itself does not hold.
     *
     * @param quoteId the quote's id
     * @param sender wallet funding the route
     * @param receiver recipient of the output
     * @param minAmountOut the route's minimum output: max(minOutputAmount, slippage minimum), toToken units
     * @param slippage slippage applied to the intermediate steps' minimums
     * @param feeBps integrator fee, basis points
     * @param integrator the {@code Integrator} text, or null
     * @param acquisitionMode how the input is taken (null: direct transfer)
     * @param destinationCallData 0x-hex, or null
     * @param destinationGasLimit gas units, or null
     * @param quotedAt quote time, Unix seconds
     * @param expiry quote expiry, Unix seconds
     * @param operatorFeeRecipient the deployment's fee address ({@code junction.fees.recipient}), or null: receives
     *     the fee when {@code Integrator} is not an EVM address
     * @param fallbackAddress who gets the output when the destination call fails, or null: the sender
     */
    public record Terms(String quoteId, Address sender, Address receiver, Amount minAmountOut, Slippage slippage,
            int feeBps, String integrator, AcquisitionMode acquisitionMode, String destinationCallData,
            BigInteger destinationGasLimit, long quotedAt, long expiry, Address operatorFeeRecipient,
            Address fallbackAddress) {

        /** Terms whose fallback address is the sender. */
        public Terms(String quoteId, Address sender, Address receiver, Amount minAmountOut, Slippage slippage,
                int feeBps, String integrator, AcquisitionMode acquisitionMode, String destinationCallData,
                BigInteger destinationGasLimit, long quotedAt, long expiry, Address operatorFeeRecipient) {
            this(quoteId, sender, receiver, minAmountOut, slippage, feeBps, integrator, acquisitionMode,
                    destinationCallData, destinationGasLimit, quotedAt, expiry, operatorFeeRecipient, null);
        }
    }

    /**
     * The call for a planned route.
     *
     * @param snapshot the market snapshot the route was planned on (for each chain's router)
     * @throws CalldataException when the source chain has no Junction router
     */
    public static RouteCall of(PlannedRoute route, Terms terms, MarketSnapshot snapshot) {
        ChainId chain = route.fromToken().chain();
        Address router = route.routeAddress() != null ? route.routeAddress() : router(snapshot, chain);
        List<StepCall> steps = new ArrayList<>();
        List<RouteStep> planned = route.steps();
        for (int i = 0; i < planned.size(); i++) {
            RouteStep s = planned.get(i);
            // a split's minimum is checked on the legs' total: each step keeps its own slippage minimum
            boolean last = i == planned.size() - 1 && s.leg() == null;
            Amount min = last ? terms.minAmountOut() : Amount.of(terms.slippage().minAmountOut(s.toAmount()));
            if (startsLeg(planned, i)) {
                steps.add(new LegCall(s.chain(), router(snapshot, s.chain()), s.poolTokenIn(),
                        legsEnd(planned, i).poolTokenOut(), s.leg().shareBps(), Amount.of(s.fromAmount())));
            }
            if (s.kind() == StepKind.SWAP) {
                steps.add(new SwapCall(s.pool(), router(snapshot, s.chain()), s.poolTokenIn(), s.poolTokenOut(),
                        Amount.of(s.fromAmount()), Amount.of(s.toAmount()), min, NativeSteps.nativeIn(planned, i),
                        NativeSteps.nativeOut(planned, i)));
            } else {
                steps.add(new BridgeCall(s.lane(), router(snapshot, s.chain()), router(snapshot, s.toChain()),
                        Amount.of(s.fromAmount()), Amount.of(s.toAmount()), min));
            }
        }
        long deadline = Math.max(terms.expiry(), terms.quotedAt() + DEADLINE_SECONDS);
        return new RouteCall(terms.quoteId(), chain, router, terms.sender(), terms.receiver(),
                route.fromToken().address(), Amount.of(route.amount()), route.toToken().address(), terms.minAmountOut(),
                terms.feeBps(), feeRecipient(terms), terms.acquisitionMode(), terms.destinationCallData(),
                terms.destinationGasLimit(), steps, terms.quotedAt(), deadline, terms.expiry(),
                route.gasLimit().longValueExact() + sourceCallGas(route, terms), terms.fallbackAddress());
    }

    /**
     * The destination call's gas where the source transaction pays it (a same-chain route): its limit plus
     * {@link #EXECUTOR_GAS}; 0 without a call or when it runs on another chain (the bridge's filler pays it there).
     */
    static long sourceCallGas(PlannedRoute route, Terms terms) {
        if (!route.fromToken().chain().equals(route.toToken().chain())) {
            return 0;
        }
        return DestinationCallGas.of(terms.destinationCallData(), terms.destinationGasLimit());
    }

    /**
     * Who receives the integrator fee: the {@code Integrator} value when it is an EVM address, else the deployment's
     * configured fee address ({@code junction.fees.recipient}); the zero address when there is no fee. The router
     * refuses to pay a fee to nobody, to the zero address or to itself, so a fee without either is refused here.
     *
     * @throws CalldataException (parameter {@code Integrator}) when {@code feeBps > 0} and there is no recipient
     */
    static Address feeRecipient(Terms terms) {
        if (terms.feeBps() == 0) {
            return Address.ZERO;
        }
        String integrator = terms.integrator();
        if (integrator != null && integrator.length() == 42 && integrator.startsWith("0x")) {
            try {
                return Address.evm(integrator);
            } catch (IllegalArgumentException notAnAddress) {
                // falls through to the configured recipient
            }
        }
        if (terms.operatorFeeRecipient() != null) {
            return terms.operatorFeeRecipient();
        }
        throw new CalldataException("Integrator", "feeBps " + terms.feeBps() + " needs a fee recipient: give"
                + " Integrator as an EVM address (0x and 40 hex digits), or configure junction.fees.recipient");
    }

    /** Whether step {@code i} is the first of a split route's leg (the router's leg step goes before it). */
    public static boolean startsLeg(List<RouteStep> steps, int i) {
        RouteStep s = steps.get(i);
        return s.leg() != null && (i == 0 || steps.get(i - 1).leg() == null
                || steps.get(i - 1).leg().index() != s.leg().index());
    }

    /**
     * The last swap of the split segment step {@code i} belongs to (the swaps up to the bridge or the route's end): its
     * output is the token every leg of the segment ends in.
     */
    public static RouteStep legsEnd(List<RouteStep> steps, int i) {
        int j = i;
        while (j + 1 < steps.size() && steps.get(j + 1).kind() == StepKind.SWAP) {
            j++;
        }
        return steps.get(j);
    }

    private static Address router(MarketSnapshot snapshot, ChainId chain) {
        return snapshot.chain(chain).map(Chain::router).orElse(null);
    }
}
