package dev.junction.protocol.cctp;

import static dev.junction.protocol.cctp.CctpLogs.ADAPTER;
import static dev.junction.protocol.cctp.CctpLogs.RECEIVER;
import static dev.junction.protocol.cctp.CctpLogs.REMOTE_MESSENGER;
import static dev.junction.protocol.cctp.CctpLogs.TOKEN_MESSENGER;
import static dev.junction.protocol.cctp.CctpLogs.TRANSMITTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.LogEntry;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Circle's message V1 layout and the events the redeemer reads, with topics compared to ethers v6's {@code id()} of
 * the same signatures (Circle's DepositForBurn and MessageSent topics are the ones on Etherscan).
 */
class CctpMessagesTest {

    static final byte[] ROUTE = Hex.decode("0x" + "5e".repeat(70));
    static final byte[] LEG_BODY = Abi.encode(Abi.uint64(7), Abi.bytes32(new byte[32]));

    @Test
    void topicsAreThoseOfTheEventsSignatures() {
        assertThat(CctpMessages.CCTP_LEG_SENT)
                .isEqualTo(Bytes32.of("0x0ecd529d8e7778145e204e4fa211d7bcb2aac13bc20d1c6cd64bffdf08717d87"));
        assertThat(CctpMessages.MESSAGE_SENT)
                .isEqualTo(Bytes32.of("0x8c5261668696ce22758910d05bab8f186d6eb247ceac2af2e82c7dc17669b036"));
        assertThat(CctpMessages.MESSAGE_RECEIVED)
                .isEqualTo(Bytes32.of("0x58200b4c34ae05ee816d710053fff3fb75af4395915d3d2a771b24aa10e3cc5d"));
        assertThat(CctpMessages.DEPOSIT_FOR_BURN)
                .isEqualTo(Bytes32.of("0x2fa9ca894982930190727e75500a97d8dc500233a5065e0f3126c48fbe0343c0"));
        assertThat(CctpMessages.CCTP_LEG_REDEEMED)
                .isEqualTo(Bytes32.of("0x39b55500f8ff975b319fb5f776ede12b24d9d39b9636c1f58eb2a93580a187d3"));
    }

    @Test
    void aMessageReadsItsHeaderFieldsAndItsHash() {
        byte[] raw = CctpLogs.message(0, 2, 42, ADAPTER, RECEIVER, RECEIVER, LEG_BODY);
        CctpMessages.Message m = new CctpMessages.Message(raw);
        assertThat(m.version()).isZero();
        assertThat(m.sourceDomain()).isZero();
        assertThat(m.destinationDomain()).isEqualTo(2);
        assertThat(m.nonce()).isEqualTo(42);
        assertThat(m.sender()).isEqualTo(CctpLogs.topic(ADAPTER));
        assertThat(m.recipient()).isEqualTo(CctpLogs.topic(RECEIVER));
        assertThat(m.destinationCaller()).isEqualTo(CctpLogs.topic(RECEIVER));
        assertThat(m.body()).isEqualTo(LEG_BODY);
        assertThat(m.hash()).isEqualTo(Bytes32.of(Abi.keccak(raw)));
        assertThatThrownBy(() -> new CctpMessages.Message(new byte[115])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLegSentIsReadFromTheAdaptersLog() {
        byte[] message = CctpLogs.legMessage(BigInteger.valueOf(12_345), ROUTE);
        CctpMessages.LegSent leg = CctpMessages.legSent(CctpLogs.legSent(41, 2, 42, message)).orElseThrow();
        assertThat(leg.adapter()).isEqualTo(ADAPTER);
        assertThat(leg.burnNonce()).isEqualTo(41);
        assertThat(leg.destinationDomain()).isEqualTo(2);
        assertThat(leg.receiver()).isEqualTo(RECEIVER);
        assertThat(leg.legNonce()).isEqualTo(42);
        assertThat(leg.message()).isEqualTo(message);
        assertThat(leg.redeemFee()).isEqualTo(BigInteger.valueOf(12_345));
        assertThat(leg.transactionHash()).isEqualTo(CctpLogs.TX);
        LogEntry other = CctpLogs.log(ADAPTER, List.of(CctpMessages.MESSAGE_SENT), new byte[0]);
        assertThat(CctpMessages.legSent(other)).isEmpty();
    }

    @Test
    void theBurnAndLegMessagesAreTheTransmittersWithTheLegsNoncesAndTheReceiverAsCaller() {
        byte[] burnBody = new byte[132];
        byte[] burn = CctpLogs.message(0, 2, 41, TOKEN_MESSENGER, REMOTE_MESSENGER, RECEIVER, burnBody);
        byte[] leg = CctpLogs.message(0, 2, 42, ADAPTER, RECEIVER, RECEIVER, LEG_BODY);
        byte[] unrelated = CctpLogs.message(0, 2, 43, ADAPTER, RECEIVER, RECEIVER, LEG_BODY);
        LogEntry elsewhere = CctpLogs.log(Address.evm("0x00000000000000000000000000000000000000ee"),
                List.of(CctpMessages.MESSAGE_SENT), Abi.encode(Abi.bytes(leg)));
        List<LogEntry> logs = List.of(CctpLogs.messageSent(burn), elsewhere, CctpLogs.messageSent(unrelated),
                CctpLogs.messageSent(leg));
        List<CctpMessages.Message> sent = CctpMessages.messagesSent(logs, TRANSMITTER);
        assertThat(sent).hasSize(3);
        CctpMessages.LegSent legSent = CctpMessages.legSent(CctpLogs.legSent(41, 2, 42,
                CctpLogs.legMessage(BigInteger.ONE, ROUTE))).orElseThrow();

        CctpMessages.Redemption r = CctpMessages.redemption(legSent, 0, sent).orElseThrow();
        assertThat(r.burn().raw()).isEqualTo(burn);
        assertThat(r.leg().raw()).isEqualTo(leg);
        // from another domain, or with a burn whose caller is not the receiver: no redemption
        assertThat(CctpMessages.redemption(legSent, 3, sent)).isEmpty();
        byte[] openBurn = CctpLogs.message(0, 2, 41, TOKEN_MESSENGER, REMOTE_MESSENGER, Address.ZERO, burnBody);
        assertThat(CctpMessages.redemption(legSent, 0, CctpMessages.messagesSent(List.of(
                CctpLogs.messageSent(openBurn), CctpLogs.messageSent(leg)), TRANSMITTER))).isEmpty();
    }

    @Test
    void theRedeemAndUsedNoncesCallsAreEncodedAsTheContractsTakeThem() {
        byte[] burn = CctpLogs.message(0, 2, 41, TOKEN_MESSENGER, REMOTE_MESSENGER, RECEIVER, new byte[132]);
        byte[] leg = CctpLogs.message(0, 2, 42, ADAPTER, RECEIVER, RECEIVER, LEG_BODY);
        byte[] call = CctpMessages.redeemCall(new CctpMessages.Message(burn), new byte[65],
                new CctpMessages.Message(leg), new byte[130], new byte[] {1, 2});
        assertThat(call).isEqualTo(Abi.call("redeem(bytes,bytes,bytes,bytes,bytes)", Abi.bytes(burn),
                Abi.bytes(new byte[65]), Abi.bytes(leg), Abi.bytes(new byte[130]), Abi.bytes(new byte[] {1, 2})));
        // keccak256(abi.encodePacked(uint32 2, uint64 42)) as ethers' solidityPackedKeccak256 computes it
        assertThat(Hex.encode(CctpMessages.usedNoncesCall(2, 42))).isEqualTo(Hex.encode(Abi.selector(
                "usedNonces(bytes32)")) + "e7a222efe58238a427f65e1eee1dbda5a02af17d7ad18f9da63601d16f66578f");
    }

    @Test
    void domainsMapToChainsBothWays() {
        assertThat(CctpMessages.domain(ChainId.of(10))).contains(2);
        assertThat(CctpMessages.chainOf(2)).contains(ChainId.of(10));
        assertThat(CctpMessages.chainOf(0)).contains(ChainId.of(1));
        assertThat(CctpMessages.chainOf(99)).isEmpty();
        assertThat(CctpMessages.serves("cctp")).isTrue();
        assertThat(CctpMessages.serves("across")).isFalse();
    }
}
