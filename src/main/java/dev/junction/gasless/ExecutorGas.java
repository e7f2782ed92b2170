package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.GasModel;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RouteStep;
import dev.junction.routing.StepKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * What the gasless executor pays in gas for a route, and that cost in the input token.
 *
 * <p>Source chain: the route's source gas units plus the market's gas model's Permit2 pull ({@link
 * GasModel#permitPull()}: the generic 60,000 on the sandbox, the router's measured figure in chain mode) and, when the
 * router takes the fee from the input ({@code routerFee}: Junction's relayer on a real chain), its fee transfer, at
 * base + priority fee, plus the chain's L1 data fee. Destination chain (only when swaps run there after the bridge): those
 * swaps' gas at the destination price plus its L1 data fee. A bridge-only route costs the executor nothing on the
 * destination: the bridge's own fee already covers delivery. Converted into the input token at reference prices and
 * rounded up, so the executor never under-charges.
 */
final class ExecutorGas {

    private ExecutorGas() {
    }

    /**
     * @param sourceWei source-chain native wei
     * @param destinationWei destination-chain native wei
     * @param usd both at the native tokens' reference prices
     * @param inInputToken usd in input-token units, rounded up
     */
    record Cost(BigInteger sourceWei, BigInteger destinationWei, double usd, BigInteger inInputToken) {
    }

    /** The sandbox executor's cost: it takes its fee itself, outside the route. */
    static Cost of(MarketSnapshot market, PlannedRoute route) {
        return of(market, route, false);
    }

    /**
     * @param routerFee whether the router transfers the fee out of the input (the route was planned without one)
     */
    static Cost of(MarketSnapshot market, PlannedRoute route, boolean routerFee) {
        return of(market, route, routerFee, 0);
    }

    /**
     * @param callGas gas units of a same-chain destination call in the executor's transaction (its limit plus the
     *     router's executor hand-over), 0 without one
     */
    static Cost of(MarketSnapshot market, PlannedRoute route, boolean routerFee, long callGas) {
        Chain source = chain(market, route.fromToken().chain());
        BigInteger sourceUnits = route.gasLimit()
                .add(BigInteger.valueOf(sourceExtraUnits(market.gas(), routerFee) + callGas));
        BigInteger sourceWei = sourceUnits.multiply(source.gasPriceWei()).add(source.l1DataFeeWei());
        BigInteger destinationWei = BigInteger.ZERO;
        Chain destination = chain(market, route.toToken().chain());
        boolean bridged = false;
        long destinationUnits = 0;
        for (RouteStep s : route.steps()) {
            if (s.kind() == StepKind.BRIDGE) {
                bridged = true;
            } else if (bridged) {
                destinationUnits += s.gasUnits();
            }
        }
        if (destinationUnits > 0) {
            destinationWei = BigInteger.valueOf(destinationUnits).multiply(destination.gasPriceWei())
                    .add(destination.l1DataFeeWei());
        }
        BigDecimal usd = usd(market, source, sourceWei).add(usd(market, destination, destinationWei));
        Token input = route.fromToken();
        BigDecimal price = BigDecimal.valueOf(input.priceUsd());
        BigInteger inInput = price.signum() <= 0 ? BigInteger.ZERO
                : usd.movePointRight(input.decimals()).divide(price, MathContext.DECIMAL128)
                        .setScale(0, RoundingMode.CEILING).toBigIntegerExact();
        return new Cost(sourceWei, destinationWei, usd.doubleValue(), inInput);
    }

    /** Gas units the executor's transaction adds to the planned route's: the Permit2 pull and the router's fee. */
    static long sourceExtraUnits(GasModel gas, boolean routerFee) {
        long fee = routerFee ? gas.route(false, false, true) - gas.route(false, false, false) : 0;
        return gas.permitPull() + fee;
    }

    private static BigDecimal usd(MarketSnapshot market, Chain chain, BigInteger wei) {
        if (wei.signum() == 0) {
            return BigDecimal.ZERO;
        }
        double price = market.token(chain.id(), Address.NATIVE).map(Token::priceUsd).orElse(0.0);
        return new BigDecimal(wei).movePointLeft(chain.nativeDecimals()).multiply(BigDecimal.valueOf(price));
    }

    private static Chain chain(MarketSnapshot market, ChainId id) {
        return market.chain(id).orElseThrow(() -> new IllegalStateException("chain " + id + " is not in the market"));
    }
}
