package dev.junction.protocol.cctp;

import static dev.junction.protocol.cctp.CctpLogs.RECEIVER;
import static dev.junction.protocol.cctp.CctpLogs.TOKEN_MESSENGER;
import static dev.junction.protocol.cctp.CctpLogs.USDC;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeFallback;
import dev.junction.protocol.BridgeFill;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What /status reads of a CCTP route with a destination leg: the burn (DepositForBurn with the receiver as caller) and
 * the adapter's CctpLegSent in the source receipt; the receiver's CctpLegRedeemed on the destination.
 */
class CctpTrackingTest {

    static final ChainId OPTIMISM = ChainId.of(10);
    static final BigInteger AMOUNT = BigInteger.valueOf(2_000_000_000L);
    static final BigInteger FEE = BigInteger.valueOf(150_000);

    final CctpTracking tracking = new CctpTracking();

    @Test
    void theRoomFollowsCctp() {
        assertThat(Protocols.bridge("cctp").tracking()).containsInstanceOf(CctpTracking.class);
    }

    @Test
    void aBurnWithItsLegIsTheDeposit_theLegsFeeIsNotDelivered() {
        List<LogEntry> logs = List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, RECEIVER),
                CctpLogs.legSent(41, 2, 42, CctpLogs.legMessage(FEE, new byte[64])));
        BridgeDeposit d = tracking.deposit(logs, TOKEN_MESSENGER, OPTIMISM).orElseThrow();
        assertThat(d.contract()).isEqualTo(TOKEN_MESSENGER);
        assertThat(d.destinationChain()).isEqualTo(OPTIMISM);
        assertThat(d.depositId()).isEqualTo(BigInteger.valueOf(41));
        assertThat(d.inputToken()).isEqualTo(USDC);
        assertThat(d.inputAmount()).isEqualTo(AMOUNT);
        assertThat(d.outputAmount()).isEqualTo(AMOUNT.subtract(FEE));
        assertThat(d.fillDeadline()).isEqualTo(Long.MAX_VALUE);
        assertThat(d.recipient()).isEqualTo(RECEIVER);
        assertThat(tracking.fillContract(d, TOKEN_MESSENGER)).isEqualTo(RECEIVER);
    }

    @Test
    void aPlainBurn_anotherDestinationOrAnotherMessenger_isNoDeposit() {
        LogEntry leg = CctpLogs.legSent(41, 2, 42, CctpLogs.legMessage(FEE, new byte[64]));
        // no destination caller: a plain mint, not followed
        assertThat(tracking.deposit(List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, Address.ZERO), leg),
                TOKEN_MESSENGER, OPTIMISM)).isEmpty();
        // no leg of that burn
        assertThat(tracking.deposit(List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, RECEIVER),
                CctpLogs.legSent(40, 2, 42, new byte[64])), TOKEN_MESSENGER, OPTIMISM)).isEmpty();
        List<LogEntry> logs = List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, RECEIVER), leg);
        assertThat(tracking.deposit(logs, TOKEN_MESSENGER, ChainId.of(42161))).isEmpty();
        assertThat(tracking.deposit(logs, USDC, OPTIMISM)).isEmpty();
    }

    @Test
    void theFillIsTheReceiversRedeemBySourceDomainAndBurnNonce() {
        BridgeDeposit d = new BridgeDeposit(TOKEN_MESSENGER, OPTIMISM, BigInteger.valueOf(41), USDC, USDC, AMOUNT,
                AMOUNT.subtract(FEE), Long.MAX_VALUE, RECEIVER);
        assertThat(tracking.fillTopics(ChainId.of(1), d)).containsExactly(List.of(CctpMessages.CCTP_LEG_REDEEMED),
                List.of(CctpLogs.topic(0)), List.of(CctpLogs.topic(41)));
        assertThat(tracking.fillTopics(ChainId.of(8453), d).get(1)).containsExactly(CctpLogs.topic(6));

        Address optimismUsdc = Address.evm("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85");
        Address redeemer = Address.evm("0x00000000000000000000000000000000000000d1");
        LogEntry redeemed = CctpLogs.log(RECEIVER, List.of(CctpMessages.CCTP_LEG_REDEEMED, CctpLogs.topic(0),
                CctpLogs.topic(41), CctpLogs.topic(77)), Abi.encode(Abi.address(optimismUsdc), Abi.uint256(AMOUNT),
                        Abi.uint256(FEE), Abi.address(redeemer)));
        BridgeFill fill = tracking.fill(redeemed);
        assertThat(fill.txHash()).isEqualTo(CctpLogs.TX);
        assertThat(fill.blockNumber()).isEqualTo(100);
        assertThat(fill.outputToken()).isEqualTo(optimismUsdc);
        assertThat(fill.delivered()).isEqualTo(AMOUNT.subtract(FEE));
        assertThat(tracking.deliversToRouter(fill, Address.evm("0x00000000000000000000000000000000000000f0")))
                .isTrue();
    }

    @Test
    void aLegTheReceiverPaidItselfIsItsFallback_readOnlyFromTheReceiverThatRedeemed() throws Exception {
        // the event as JunctionCctpReceiver declares it
        assertThat(Files.readString(Path.of("contracts/src/JunctionCctpReceiver.sol"))).contains(
                "event CctpLegFallback(bytes32 indexed quoteId, address indexed payee, address token, uint256 amount);");
        Address optimismUsdc = Address.evm("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85");
        Address payee = Address.evm("0x00000000000000000000000000000000000000e1");
        Bytes32 quoteId = CctpLogs.topic(77);
        BridgeFill fill = new BridgeFill(CctpLogs.TX, 100, RECEIVER, optimismUsdc, AMOUNT.subtract(FEE));
        LogEntry paid = CctpLogs.log(RECEIVER, List.of(CctpMessages.CCTP_LEG_FALLBACK, quoteId, CctpLogs.topic(payee)),
                Abi.encode(Abi.address(optimismUsdc), Abi.uint256(AMOUNT.subtract(FEE))));
        BridgeFallback f = tracking.legFallback(List.of(paid), fill, quoteId).orElseThrow();
        assertThat(f.payee()).isEqualTo(payee);
        assertThat(f.token()).isEqualTo(optimismUsdc);
        assertThat(f.amount()).isEqualTo(AMOUNT.subtract(FEE));
        // another quote's, or the same event from another contract: not this leg's
        assertThat(tracking.legFallback(List.of(paid), fill, CctpLogs.topic(78))).isEmpty();
        LogEntry elsewhere = CctpLogs.log(USDC, paid.topics(), Abi.encode(Abi.address(optimismUsdc),
                Abi.uint256(AMOUNT)));
        assertThat(tracking.legFallback(List.of(elsewhere), fill, quoteId)).isEmpty();
        // a redeem whose leg ran: no fallback
        assertThat(tracking.legFallback(List.of(), fill, quoteId)).isEmpty();
    }

    @Test
    void theDestinationChainIsReadFromBothStepDataShapes() {
        byte[] withMessage = Abi.encode(Abi.tuple(Abi.uint32(2), Abi.bytes32(Recipients.bytes32(RECEIVER)),
                Abi.uint256(10), Abi.bytes(new byte[100])));
        byte[] plain = Abi.encode(Abi.tuple(Abi.uint32(3), Abi.bytes32(Recipients.bytes32(RECEIVER)),
                Abi.uint256(42161)));
        assertThat(tracking.destinationChain(withMessage)).hasValue(10);
        assertThat(tracking.destinationChain(plain)).hasValue(42161);
        // a domain that is not the chain's: not CCTP's data
        byte[] wrong = Abi.encode(Abi.tuple(Abi.uint32(3), Abi.bytes32(Recipients.bytes32(RECEIVER)),
                Abi.uint256(10)));
        assertThat(tracking.destinationChain(wrong)).isEmpty();
        assertThat(tracking.destinationChain(new byte[10])).isEmpty();
    }
}
