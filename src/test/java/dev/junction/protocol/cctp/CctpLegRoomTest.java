package dev.junction.protocol.cctp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.LegReceiver;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.RouterGas;
import dev.junction.protocol.StepDataException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the CCTP room says about a destination leg (issue 39): which lanes carry it, its redeem gas, its receiver. */
class CctpLegRoomTest {

    static final ChainId ETH = ChainId.of(1);
    static final ChainId ARB = ChainId.of(42161);
    static final ChainId LINEA = ChainId.of(59144);
    static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address MESSENGER = Address.evm("0xBd3fa81B58Ba92a82136038B25aDec7066af3155");

    static BridgeLane lane(String provider, ChainId from, ChainId to) {
        return new BridgeLane(provider, from, to, USDC, USDC, BigInteger.ZERO, 0, 0, 900, 1200, BigInteger.ONE,
                BigInteger.TEN.pow(15), 90_000);
    }

    final Cctp cctp = new Cctp();

    @Test
    void onlyLanesBetweenV1DomainsCarryALegAndCostARedeem() {
        assertThat(cctp.carriesMessage(lane("cctp", ETH, ARB))).isTrue();
        assertThat(cctp.carriesMessage(lane("cctp", ETH, LINEA))).as("Linea: CCTP V2 only").isFalse();
        assertThat(cctp.deliversThroughReceiver()).isTrue();
        assertThat(cctp.legRedeemGas(lane("cctp", ETH, ARB))).hasValue(Cctp.REDEEM_GAS);
        assertThat(cctp.legRedeemGas(lane("cctp", ETH, LINEA))).isEmpty();
        RouterGas gas = RouterGas.measured();
        assertThat(gas.legRedeemGas(lane("cctp", ETH, ARB))).as("chain mode's gas model asks the room")
                .hasValue(Cctp.REDEEM_GAS);
        assertThat(gas.legRedeemGas(lane("across", ETH, ARB))).as("Across's filler pays its own").isEmpty();
        assertThat(Protocols.bridge("across").deliversThroughReceiver()).isFalse();
    }

    @Test
    void theReceiverIsBuiltOnTheTokenMessengerAndKnowsTheV1Domains() {
        LegReceiver r = cctp.legReceiver(new ChainSettings.Bridge("cctp", MESSENGER, List.of())).orElseThrow();
        assertThat(r.artifact()).isEqualTo("JunctionCctpReceiver");
        assertThat(r.constructorArguments()).isEqualTo(Abi.encode(Abi.address(MESSENGER)));
        assertThat(r.remoteNumber(ETH)).hasValue(0);
        assertThat(r.remoteNumber(ARB)).hasValue(3);
        assertThat(r.remoteNumber(ChainId.of(8453))).hasValue(6);
        assertThat(r.remoteNumber(LINEA)).as("no V1 adapter to register").isEmpty();
        assertThat(r.remoteNumber(ChainId.SOLANA)).as("not an EVM adapter").isEmpty();
        assertThat(r.remoteNumber(ChainId.of(56))).isEmpty();
    }

    @Test
    void theRedeemFeeIsTheStepsFeeAndMustLeaveSomething() {
        BridgeLane lane = lane("cctp", ETH, ARB);
        byte[] leg = new byte[] {1, 2, 3};
        BridgeStep step = new BridgeStep(lane, Amount.of(BigInteger.valueOf(1_000_000)),
                Amount.of(BigInteger.valueOf(912_500)), Amount.of(BigInteger.valueOf(900_000)), MESSENGER, MESSENGER,
                leg, 0, 0, new byte[32], BigInteger.ZERO);
        byte[] data = cctp.stepData(step);
        // abi.encode(CctpBurn): offset, domain, recipient, chain, message offset, message length, message
        byte[] message = Arrays.copyOfRange(data, 6 * 32, 6 * 32 + new BigInteger(1, Arrays.copyOfRange(data, 5 * 32,
                6 * 32)).intValueExact());
        assertThat(message).isEqualTo(Abi.encode(Abi.uint256(BigInteger.valueOf(87_500)), Abi.bytes(leg)));
        BridgeStep nothingLeft = new BridgeStep(lane, Amount.of(BigInteger.valueOf(1_000_000)),
                Amount.of(BigInteger.ZERO), Amount.of(BigInteger.ZERO), MESSENGER, MESSENGER, leg, 0, 0, new byte[32],
                BigInteger.ZERO);
        assertThatThrownBy(() -> cctp.stepData(nothingLeft)).isInstanceOf(StepDataException.class);
    }
    @Test
    void everyRoomThatDeliversThroughAReceiverDeclaresOneAndOnlyItsLegsCostARedeem() {
        for (BridgeProtocol b : Protocols.bridges()) {
            ChainSettings.Bridge settings = new ChainSettings.Bridge(b.providerKeys().getFirst(), MESSENGER, List.of());
            BridgeLane eth = lane(b.providerKeys().getFirst(), ETH, ARB);
            assertThat(b.legReceiver(settings).isPresent()).as(b.name()).isEqualTo(b.deliversThroughReceiver());
            assertThat(b.legRedeemGas(eth).isPresent()).as(b.name())
                    .isEqualTo(b.deliversThroughReceiver() && b.carriesMessage(eth));
        }
        assertThat(Protocols.bridges().stream().filter(BridgeProtocol::deliversThroughReceiver).map(BridgeProtocol::name))
                .containsExactly("cctp");
    }
}
