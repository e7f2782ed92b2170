package dev.junction.routing;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.GasModel;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A bridge whose destination leg or call Junction's relayer runs (CCTP V1, issue 39) is charged, in its step's bridge
 * fee, its redeem plus the leg's steps' gas plus the call's gas, at the destination chain's gas price, converted to the
 * bridge's input units like a destination call's charge; a route ending with the mint is not, and Across is unchanged.
 */
class RelayedLegChargeTest {

    /** A redeem figure of the test's own (chain mode's is the CCTP room's {@code Cctp.REDEEM_GAS}). */
    static final long REDEEM = 250_000;

    /** The generic model, with a redeem figure for CCTP lanes. */
    static final GasModel RELAYED_CCTP = new GasModel() {
        @Override
        public long swap(Pool pool, int ticksCrossed, boolean afterSwap) {
            return GENERIC.swap(pool, ticksCrossed, afterSwap);
        }

        @Override
        public long bridge(BridgeLane lane, boolean afterSwap) {
            return GENERIC.bridge(lane, afterSwap);
        }

        @Override
        public long route(boolean nativeIn, boolean nativeOut, boolean integratorFee) {
            return GENERIC.route(nativeIn, nativeOut, integratorFee);
        }

        @Override
        public long permitPull() {
            return GENERIC.permitPull();
        }

        @Override
        public OptionalLong legRedeemGas(BridgeLane lane) {
            return lane.provider().equals("cctp") ? OptionalLong.of(REDEEM) : OptionalLong.empty();
        }
    };

    private final MarketSnapshot generic = TestMarket.standard().snapshot();
    private final MarketSnapshot relayed = new MarketSnapshot(generic.version(), generic.chains(), generic.tokens(),
            generic.providers(), generic.pools(), generic.lanes(), Map.of(), RELAYED_CCTP);
    private final RoutePlanner planner = new RoutePlanner();

    private static final ProviderFilter CCTP_AND_SUSHI = new ProviderFilter(Set.of("cctp", "sushiswap"), Set.of());
    private static final ProviderFilter ACROSS_AND_SUSHI = new ProviderFilter(Set.of("across", "sushiswap"), Set.of());

    /** {@code units} gas at Arbitrum's gas price, in USDC units (6 decimals, $1) rounded up. */
    private BigInteger arbitrumGasInUsdc(long units) {
        Chain arbitrum = relayed.chain(ARB).orElseThrow();
        double usd = relayed.nativeToken(arbitrum).usd(BigInteger.valueOf(units).multiply(arbitrum.gasPriceWei()));
        return BigDecimal.valueOf(usd).movePointRight(6).setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    }

    private static PlannedRoute only(List<PlannedRoute> routes) {
        assertThat(routes).isNotEmpty();
        return routes.getFirst();
    }

    @Test
    void aBurnBeforeADestinationSwapAndCallIsChargedTheRedeemTheSwapAndTheCallAtTheDestinationsPrice() {
        long callGas = DestinationCallGas.of("0xcafe", BigInteger.valueOf(90_000));
        RouteRequest request = RouteRequest.of(ETH, USDC, ARB, ARB_WETH, units("1000", 6)).withProviders(CCTP_AND_SUSHI)
                .withDestinationCallGas(callGas);
        PlannedRoute plain = only(planner.plan(generic, request));
        PlannedRoute charged = only(planner.plan(relayed, request));
        assertThat(charged.steps()).hasSize(2);
        RouteStep burn = charged.steps().get(0);
        RouteStep swap = charged.steps().get(1);
        assertThat(burn.provider().key()).isEqualTo("cctp");
        assertThat(swap.gasUnits()).as("the destination swap's gas, first in its transaction").isEqualTo(GasModel.V2_HOP);
        BigInteger charge = arbitrumGasInUsdc(REDEEM + GasModel.V2_HOP + callGas);
        assertThat(charge).isPositive();
        // the generic model (the sandbox) charges the call alone, the relayed one the redeem, the swap and the call
        assertThat(burn.bridgeFee().subtract(plain.steps().get(0).bridgeFee()))
                .isEqualTo(charge.subtract(arbitrumGasInUsdc(callGas)));
        assertThat(burn.bridgeFee()).as("CCTP's lane is free: the fee is the charge").isEqualTo(charge);
        assertThat(burn.fromAmount().subtract(burn.bridgeFee())).isEqualTo(burn.toAmount());
        assertThat(swap.fromAmount()).isEqualTo(burn.toAmount());
        assertThat(charged.gasLimit()).as("the wallet's source gas is unchanged").isEqualTo(plain.gasLimit());
    }

    @Test
    void aBurnWithOnlyACallIsChargedTheRedeemAndTheCall() {
        long callGas = DestinationCallGas.of("0xcafe", BigInteger.valueOf(90_000));
        RouteRequest request = RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("1000", 6)).withProviders(CCTP_AND_SUSHI)
                .withDestinationCallGas(callGas);
        RouteStep burn = only(planner.plan(relayed, request)).steps().getFirst();
        assertThat(burn.bridgeFee()).isEqualTo(arbitrumGasInUsdc(REDEEM + callGas));
    }

    @Test
    void aBurnEndingTheRouteIsNotCharged() {
        RouteRequest request = RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units("1000", 6)).withProviders(CCTP_AND_SUSHI);
        RouteStep burn = only(planner.plan(relayed, request)).steps().getFirst();
        assertThat(burn.bridgeFee()).isZero();
        assertThat(burn.toAmount()).isEqualTo(units("1000", 6));
    }

    @Test
    void acrossIsUnchanged() {
        RouteRequest request = RouteRequest.of(ETH, USDC, ARB, ARB_WETH, units("1000", 6))
                .withProviders(ACROSS_AND_SUSHI).withDestinationCallGas(160_000);
        assertThat(planner.plan(relayed, request)).isEqualTo(planner.plan(generic, request));
    }
}
