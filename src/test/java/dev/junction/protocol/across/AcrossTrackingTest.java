package dev.junction.protocol.across;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.RoomSamples;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What /status reads of Across: its events' topics, compared with the values of its npm ABI
 * ({@code @across-protocol/contracts@5.0.27}, printed by ethers v6), and the destination in the adapter's step data.
 */
class AcrossTrackingTest {

    final AcrossTracking tracking = new AcrossTracking();

    @Test
    void theAcrossTopicsAreThoseOfItsAbi() {
        assertThat(AcrossTracking.FUNDS_DEPOSITED)
                .isEqualTo(Bytes32.of("0x32ed1a409ef04c7b0227189c3a103dc5ac10e775a15b785dcc510201f7c25ad3"));
        assertThat(AcrossTracking.FILLED_RELAY)
                .isEqualTo(Bytes32.of("0x44b559f101f8fbcc8a0ea43fa91a05a729a5ea6e14a7c75aa750374690137208"));
        assertThat(AcrossTracking.FILLED_V3_RELAY)
                .isEqualTo(Bytes32.of("0x571749edf1d5c9599318cdbc4e28a6475d65e87fd3b2ddbe1e9a8d5e7a0f0ff7"));
        assertThat(AcrossTracking.V3_FUNDS_DEPOSITED)
                .isEqualTo(Bytes32.of("0xa123dc29aebf7d0c3322c8eeb5b999e859f39937950ed31056532713d0de396f"));
    }

    @Test
    void theFillIsSearchedByItsEventsOriginChainAndDepositId() {
        BridgeDeposit d = new BridgeDeposit(Address.ZERO, ChainId.of(10), BigInteger.valueOf(0x2a), Address.ZERO,
                Address.ZERO, BigInteger.ONE, BigInteger.ONE, 0, Address.ZERO);
        assertThat(tracking.fillTopics(ChainId.of(42161), d)).containsExactly(
                List.of(AcrossTracking.FILLED_RELAY, AcrossTracking.FILLED_V3_RELAY),
                List.of(Bytes32.of("0x000000000000000000000000000000000000000000000000000000000000a4b1")),
                List.of(Bytes32.of("0x000000000000000000000000000000000000000000000000000000000000002a")));
    }

    @Test
    void theDestinationChainIsReadFromTheAdaptersStepData() {
        Address wallet = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
        BridgeStep step = new BridgeStep(RoomSamples.lane("across", 90_000), Amount.of(BigInteger.valueOf(1_000_000)),
                Amount.of(BigInteger.valueOf(999_000)), Amount.of(BigInteger.valueOf(998_000)), wallet, wallet,
                new byte[0], 1_893_456_000L, 1_893_457_800L, new byte[32], BigInteger.ZERO);
        byte[] data = Protocols.bridge("across").stepData(step);
        assertThat(tracking.destinationChain(data)).hasValue(RoomSamples.ARB.value());
        assertThat(Protocols.destinationChain(data)).hasValue(RoomSamples.ARB.value());
        assertThat(tracking.destinationChain(new byte[96])).as("CCTP's three words are not Across data").isEmpty();
        // CCTP's data with a leg's message (offset, domain 3, recipient, chain 42161, message) is not Across data
        byte[] cctp = Abi.encode(Abi.tuple(Abi.uint32(3), Abi.bytes32(new byte[32]), Abi.uint256(42161),
                Abi.bytes(new byte[300])));
        assertThat(tracking.destinationChain(cctp)).isEmpty();
        assertThat(Protocols.destinationChain(cctp)).hasValue(42161);
    }
}
