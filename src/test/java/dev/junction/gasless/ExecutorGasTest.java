package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.RouteCalls;
import dev.junction.market.GasModel;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.ProviderFilter;
import dev.junction.routing.RouteMode;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import java.math.BigInteger;
import java.util.Set;
import dev.junction.protocol.RouterGas;
import org.junit.jupiter.api.Test;

/** What a gasless transaction adds to its planned route's gas: the Permit2 pull, and the router's fee transfer. */
class ExecutorGasTest {

    @Test
    void theSandboxKeepsTheGenericPermitPull() {
        assertThat(ExecutorGas.sourceExtraUnits(GasModel.GENERIC, false)).isEqualTo(60_000);
        // the generic model prices no fee transfer: the sandbox's executor keeps its fee outside the route
        assertThat(ExecutorGas.sourceExtraUnits(GasModel.GENERIC, true)).isEqualTo(60_000);
    }

    @Test
    void onChainTheRelayerPaysTheRoutersMeasuredPermitPullAndFeeTransfer() {
        RouterGas measured = RouterGas.measured();
        assertThat(ExecutorGas.sourceExtraUnits(measured, false)).isEqualTo(measured.permitWitness());
        assertThat(ExecutorGas.sourceExtraUnits(measured, true))
                .isEqualTo(measured.permitWitness() + measured.integratorFee());
    }

    @Test
    void aDestinationCallAddsItsGasAtTheSourceGasPriceToWhatTheFeeCovers() {
        MarketSnapshot market = GaslessFixture.snapshot();
        PlannedRoute route = new RoutePlanner().plan(market, new RouteRequest(GaslessFixture.ETH, GaslessFixture.USDC,
                GaslessFixture.ETH, GaslessFixture.WETH, GaslessFixture.units("1000", 6), 0,
                new ProviderFilter(Set.of(), Set.of()), false, RouteMode.parse(null))).getFirst();
        long callGas = 200_000 + RouteCalls.EXECUTOR_GAS;
        ExecutorGas.Cost without = ExecutorGas.of(market, route, true);
        ExecutorGas.Cost with = ExecutorGas.of(market, route, true, callGas);
        BigInteger price = market.chain(GaslessFixture.ETH).orElseThrow().gasPriceWei();
        assertThat(with.sourceWei().subtract(without.sourceWei()))
                .isEqualTo(price.multiply(BigInteger.valueOf(callGas)));
        assertThat(with.inInputToken()).isGreaterThan(without.inInputToken());
        assertThat(ExecutorGas.of(market, route, true, 0)).isEqualTo(without);
    }
}
