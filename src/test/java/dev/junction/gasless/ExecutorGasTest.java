package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.GasModel;
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
}
