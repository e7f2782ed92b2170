package dev.junction.calldata;

import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.market.BridgeLane;
import dev.junction.market.ConstantProductPool;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.web3j.abi.datatypes.Type;

/**
 * A CCTP V1 step followed by a destination leg or call (issue 39): the burn mints to the destination chain's
 * {@code JunctionCctpReceiver} and carries {@code message = abi.encode(uint256 redeemFee, bytes routeMessage)}, read
 * back here by the Solidity layout of {@code CctpAdapter.CctpBurn}; refused (3008) where that receiver is not deployed,
 * and over a lane CCTP V1 does not serve (Linea).
 */
class CctpLegBuildTest {

    static final Address ETH_CCTP = Address.evm("0x2222222222222222222222222222222222222222");
    static final Address ARB_SUSHI = Address.evm("0x3333333333333333333333333333333333333333");
    static final Address ARB_RECEIVER = Address.evm("0x4444444444444444444444444444444444444444");
    static final Address LINEA_RECEIVER = Address.evm("0x5555555555555555555555555555555555555555");

    final TransactionBuilder deployed = new TransactionBuilder(AdapterDirectory.deployed(
            Map.of(ETH, Map.of("cctp", ETH_CCTP), ARB, Map.of("sushiswap", ARB_SUSHI), LINEA, Map.of()),
            Map.of(ARB, Map.of("cctp", ARB_RECEIVER), LINEA, Map.of("cctp", LINEA_RECEIVER))));

    @Test
    void aBurnBeforeADestinationSwapMintsToTheReceiverWithTheRedeemFeeAndTheLeg() {
        RouteCall call = TransactionBuilderTest.crossChainWithDestinationSwap("cctp", "0xcafe");
        assertThat(deployed.notExecutable(call)).isEmpty();
        var exec = Decoded.executeRoute(Hex.decode(deployed.build(call).data()));
        assertThat(exec.steps()).hasSize(2);
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(ETH_CCTP);
        List<Type> burn = BridgeStepDecodeTest.cctpBurn(exec.steps().get(0).data.getValue());
        assertThat(((BigInteger) burn.get(0).getValue()).intValue()).as("Arbitrum's CCTP domain").isEqualTo(3);
        assertThat(Hex.encode((byte[]) burn.get(1).getValue())).as("the mint recipient is the receiver")
                .isEqualTo(BridgeStepDecodeTest.word(ARB_RECEIVER));
        assertThat(burn.get(2).getValue()).isEqualTo(BigInteger.valueOf(42161));

        List<Type> message = Decoded.payload((byte[]) burn.get(3).getValue(),
                List.of(BridgeStepDecodeTest.UINT256, BridgeStepDecodeTest.BYTES));
        BigInteger redeemFee = (BigInteger) message.get(0).getValue();
        assertThat(redeemFee).as("the step's bridge fee: amountIn - quotedOut")
                .isEqualTo(BigInteger.valueOf(1_000_000_000L - 999_400_000L));
        var leg = Decoded.destinationMessage((byte[]) message.get(1).getValue());
        assertThat(Address.evm(leg.params().inputToken.getValue())).isEqualTo(ARB_USDC);
        assertThat(leg.params().amountIn.getValue()).as("what the router gets: the mint less the redeem fee")
                .isEqualTo(BigInteger.valueOf(999_400_000L));
        assertThat(Address.evm(leg.params().outputToken.getValue())).isEqualTo(ARB_WETH);
        assertThat(Address.evm(leg.params().receiver.getValue())).isEqualTo(RECEIVER);
        assertThat(Hex.encode(leg.params().destinationCallData.getValue())).isEqualTo("0xcafe");
        assertThat(leg.params().destinationGasLimit.getValue()).isEqualTo(BigInteger.valueOf(150_000));
        assertThat(leg.steps()).hasSize(1);
        assertThat(Address.evm(leg.steps().get(0).adapter.getValue())).isEqualTo(ARB_SUSHI);
        assertThat(Hex.encode(leg.steps().get(0).data.getValue()))
                .isEqualTo(Hex.encode(exec.steps().get(1).data.getValue()));
    }

    @Test
    void aBurnWithOnlyADestinationCallCarriesALegWithoutSteps() {
        BridgeLane lane = lane("cctp", ETH, ARB, ETH_USDC, ARB_USDC);
        RouteCall call = route(ETH, ETH_USDC, "1000000000", ARB_USDC, RECEIVER, "994403000",
                AcquisitionMode.DIRECT_TRANSFER, "0xa9059cbb", BigInteger.valueOf(80_000),
                List.of(bridge(lane, 1_000_000_000L, 999_000_000L, 994_403_000L)));
        var exec = Decoded.executeRoute(Hex.decode(deployed.build(call).data()));
        List<Type> burn = BridgeStepDecodeTest.cctpBurn(exec.steps().get(0).data.getValue());
        assertThat(Hex.encode((byte[]) burn.get(1).getValue())).isEqualTo(BridgeStepDecodeTest.word(ARB_RECEIVER));
        List<Type> message = Decoded.payload((byte[]) burn.get(3).getValue(),
                List.of(BridgeStepDecodeTest.UINT256, BridgeStepDecodeTest.BYTES));
        assertThat(message.get(0).getValue()).isEqualTo(BigInteger.valueOf(1_000_000L));
        var leg = Decoded.destinationMessage((byte[]) message.get(1).getValue());
        assertThat(leg.steps()).isEmpty();
        assertThat(Hex.encode(leg.params().destinationCallData.getValue())).isEqualTo("0xa9059cbb");
    }

    @Test
    void aBurnEndingTheRouteStillPaysTheReceiverDirectly() {
        BridgeLane lane = lane("cctp", ETH, ARB, ETH_USDC, ARB_USDC);
        RouteCall call = route(ETH, ETH_USDC, "1000000000", ARB_USDC, RECEIVER, "994403000",
                AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO,
                List.of(bridge(lane, 1_000_000_000L, 999_400_000L, 994_403_000L)));
        List<Type> burn = BridgeStepDecodeTest.cctpBurn(Decoded.executeRoute(Hex.decode(deployed.build(call).data()))
                .steps().get(0).data.getValue());
        assertThat(Hex.encode((byte[]) burn.get(1).getValue())).isEqualTo(BridgeStepDecodeTest.word(RECEIVER));
        assertThat(Hex.encode((byte[]) burn.get(3).getValue())).isEqualTo("0x");
    }

    @Test
    void withoutAReceiverOnTheDestinationTheLegIsRefusedNamingTheProviderAndTheChain() {
        var noReceiver = new TransactionBuilder(AdapterDirectory.deployed(
                Map.of(ETH, Map.of("cctp", ETH_CCTP), ARB, Map.of("sushiswap", ARB_SUSHI)),
                Map.of(LINEA, Map.of("cctp", LINEA_RECEIVER))));
        RouteCall call = TransactionBuilderTest.crossChainWithDestinationSwap("cctp", "0x");
        assertThat(noReceiver.notExecutable(call)).isPresent();
        assertThatThrownBy(() -> noReceiver.build(call)).isInstanceOf(ProviderNotExecutableException.class)
                .hasMessageContaining("providers").hasMessageContaining("cctp")
                .hasMessageContaining("no cctp receiver is deployed on chain 42161")
                .satisfies(e -> assertThat(((CalldataException) e).parameter()).isEqualTo("providers"));
    }

    @Test
    void aLaneOnlyCctpV2ServesCarriesNoLegEvenWithAReceiver() {
        BridgeLane lane = lane("cctp", ETH, LINEA, ETH_USDC, LINEA_USDC);
        var pool = new ConstantProductPool("linea:sushiswap:usdc-weth", LINEA, "sushiswap", LINEA_USDC, ARB_WETH,
                new BigInteger("50000000000000"), new BigInteger("20000000000000000000000"), 30, 1e8);
        RouteCall call = route(ETH, ETH_USDC, "1000000000", ARB_WETH, RECEIVER, "390000000000000000",
                AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO, List.of(bridge(lane, 1_000_000_000L,
                        999_400_000L, 994_403_000L), swap(pool, LINEA_USDC, ARB_WETH, "999400000",
                        "395000000000000000", "390000000000000000")));
        assertThatThrownBy(() -> deployed.build(call)).isInstanceOf(ProviderNotExecutableException.class)
                .hasMessageContaining("cctp").hasMessageContaining("carries no message from chain 1 to chain 59144");
    }
}
