package dev.junction.protocol.cctp;

import static dev.junction.protocol.cctp.CctpLogs.RECEIVER;
import static dev.junction.protocol.cctp.CctpLogs.TOKEN_MESSENGER;
import static dev.junction.protocol.cctp.CctpLogs.USDC;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeFallback;
import dev.junction.protocol.BridgeFill;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What /status reads of a CCTP route with a destination leg: the burn (DepositForBurn with the receiver as caller) and
 * the adapter's CctpLegSent in the source receipt; the receiver's CctpLegRedeemed on the destination. Of a plain CCTP
 * route: the burn without a destination caller; the destination MessageTransmitter's MessageReceived of that burn (its
 * source domain, sender and burn message, not only its nonce).
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
        assertThat(d.viaReceiver()).isTrue();
        assertThat(tracking.fillContract(d, TOKEN_MESSENGER, (contract, getter) -> {
            throw new AssertionError("a leg's fill contract is its receiver: nothing to read");
        })).contains(RECEIVER);
        assertThat(tracking.fillAwaits(d, ChainId.of(1))).isEmpty();
    }

    @Test
    void aLegWithoutItsCctpLegSent_anotherDestinationOrAnotherMessenger_isNoDeposit() {
        LogEntry leg = CctpLogs.legSent(41, 2, 42, CctpLogs.legMessage(FEE, new byte[64]));
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
                AMOUNT.subtract(FEE), Long.MAX_VALUE, RECEIVER, true);
        assertThat(tracking.fillTopics(ChainId.of(1), d)).containsExactly(List.of(CctpMessages.CCTP_LEG_REDEEMED),
                List.of(CctpLogs.topic(0)), List.of(CctpLogs.topic(41)));
        assertThat(tracking.fillTopics(ChainId.of(8453), d).get(1)).containsExactly(CctpLogs.topic(6));

        Address optimismUsdc = Address.evm("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85");
        Address redeemer = Address.evm("0x00000000000000000000000000000000000000d1");
        LogEntry redeemed = CctpLogs.log(RECEIVER, List.of(CctpMessages.CCTP_LEG_REDEEMED, CctpLogs.topic(0),
                CctpLogs.topic(41), CctpLogs.topic(77)), Abi.encode(Abi.address(optimismUsdc), Abi.uint256(AMOUNT),
                        Abi.uint256(FEE), Abi.address(redeemer)));
        BridgeFill fill = tracking.fill(redeemed, ChainId.of(1), d).orElseThrow();
        assertThat(fill.txHash()).isEqualTo(CctpLogs.TX);
        assertThat(fill.blockNumber()).isEqualTo(100);
        assertThat(fill.outputToken()).isEqualTo(optimismUsdc);
        assertThat(fill.delivered()).isEqualTo(AMOUNT.subtract(FEE));
        assertThat(tracking.deliversToRouter(d, fill, Address.evm("0x00000000000000000000000000000000000000f0")))
                .isTrue();
    }

    // --- a plain CCTP route: no destination caller, Circle mints to the mint recipient on anyone's receiveMessage ---

    static final Address WALLET = Address.evm("0x00000000000000000000000000000000000000e7");
    static final Address OPTIMISM_USDC = Address.evm("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85");
    static final Address OPTIMISM_MESSENGER = Address.evm("0x00000000000000000000000000000000000000b1");
    static final Address OPTIMISM_TRANSMITTER = Address.evm("0x00000000000000000000000000000000000000b2");
    static final Address CALLER = Address.evm("0x00000000000000000000000000000000000000d7");

    /** The bridge as configured on Ethereum: the TokenMessenger, its USDC lane to Optimism's USDC. */
    static ChainSettings.Bridge configured() {
        return new ChainSettings.Bridge("cctp", TOKEN_MESSENGER, List.of(new ChainSettings.Lane(USDC, OPTIMISM,
                OPTIMISM_USDC, BigInteger.ZERO, 0, 0.0, 60, 60, BigInteger.ONE, AMOUNT)));
    }

    BridgeDeposit plain() {
        return tracking.deposit(List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, WALLET, Address.ZERO)), configured(),
                OPTIMISM).orElseThrow();
    }

    @Test
    void aPlainBurnIsADepositOfTheWholeAmountToItsMintRecipient_inTheLanesDestinationUsdc() {
        BridgeDeposit d = plain();
        assertThat(d.contract()).isEqualTo(TOKEN_MESSENGER);
        assertThat(d.destinationChain()).isEqualTo(OPTIMISM);
        assertThat(d.depositId()).isEqualTo(BigInteger.valueOf(41));
        assertThat(d.inputToken()).isEqualTo(USDC);
        assertThat(d.outputToken()).isEqualTo(OPTIMISM_USDC);
        assertThat(d.inputAmount()).isEqualTo(AMOUNT);
        assertThat(d.outputAmount()).isEqualTo(AMOUNT);
        assertThat(d.fillDeadline()).isEqualTo(Long.MAX_VALUE);
        assertThat(d.recipient()).isEqualTo(WALLET);
        assertThat(d.viaReceiver()).isFalse();
        // a leg log beside it changes nothing: a burn without a destination caller has no leg
        assertThat(tracking.deposit(List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, WALLET, Address.ZERO),
                CctpLogs.legSent(41, 2, 42, CctpLogs.legMessage(FEE, new byte[64]))), TOKEN_MESSENGER, OPTIMISM))
                .hasValueSatisfying(x -> assertThat(x.viaReceiver()).isFalse());
        // without a configured lane the burnt token stands for the minted one
        assertThat(tracking.deposit(List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, WALLET, Address.ZERO)),
                TOKEN_MESSENGER, OPTIMISM).orElseThrow().outputToken()).isEqualTo(USDC);
        // a mint recipient that is no EVM address (a Solana key): not followed
        Address wide = Address.evm("0xffffffffffffffffffffffffffffffffffffffff");
        LogEntry solana = CctpLogs.log(TOKEN_MESSENGER, CctpLogs.depositForBurn(41, AMOUNT, 2, WALLET, Address.ZERO)
                .topics(), Abi.encode(Abi.uint256(AMOUNT), Abi.bytes32(Bytes32.of(BigInteger.ONE.shiftLeft(255))
                        .bytes()), Abi.uint32(2), Abi.bytes32(Recipients.bytes32(wide)),
                        Abi.bytes32(new byte[32])));
        assertThat(tracking.deposit(List.of(solana), TOKEN_MESSENGER, OPTIMISM)).isEmpty();
    }

    @Test
    void aPlainBurnsFillIsTheDestinationTransmittersMessageReceived_byNonce_theTransmitterReadFromTheMessenger() {
        BridgeDeposit d = plain();
        assertThat(tracking.fillTopics(ChainId.of(1), d)).containsExactly(List.of(CctpMessages.MESSAGE_RECEIVED),
                List.of(), List.of(CctpLogs.topic(41)));
        assertThat(tracking.fillContract(d, OPTIMISM_MESSENGER, (contract, getter) -> contract.equals(
                OPTIMISM_MESSENGER) && getter.equals("localMessageTransmitter()") ? Optional.of(OPTIMISM_TRANSMITTER)
                        : Optional.empty())).contains(OPTIMISM_TRANSMITTER);
        assertThat(tracking.fillContract(d, OPTIMISM_MESSENGER, (contract, getter) -> Optional.empty())).isEmpty();

        LogEntry minted = CctpLogs.messageReceived(OPTIMISM_TRANSMITTER, CALLER, 0, 41, TOKEN_MESSENGER,
                CctpLogs.burnBody(USDC, WALLET, AMOUNT, CctpLogs.ADAPTER));
        BridgeFill fill = tracking.fill(minted, ChainId.of(1), d).orElseThrow();
        assertThat(fill.txHash()).isEqualTo(CctpLogs.TX);
        assertThat(fill.blockNumber()).isEqualTo(100);
        assertThat(fill.recipient()).isEqualTo(WALLET);
        assertThat(fill.outputToken()).isEqualTo(OPTIMISM_USDC);
        assertThat(fill.delivered()).isEqualTo(AMOUNT);
        Address router = Address.evm("0x00000000000000000000000000000000000000f0");
        assertThat(tracking.deliversToRouter(d, fill, router)).isFalse();
        assertThat(tracking.fillAwaits(d, ChainId.of(1))).hasValueSatisfying(w -> assertThat(w)
                .contains("Circle's attestation", "receiveMessage", "nonce 41", "source domain 0", WALLET.value(),
                        "Junction does not mint"));
    }

    @Test
    void aMessageReceivedOfAnotherSourceDomainWithTheSameNonce_isNotThePlainBurnsFill() {
        BridgeDeposit d = plain();
        byte[] body = CctpLogs.burnBody(USDC, WALLET, AMOUNT, CctpLogs.ADAPTER);
        // Base's (domain 6) message 41 to Optimism, even with the same body: not Ethereum's burn 41
        assertThat(tracking.fill(CctpLogs.messageReceived(OPTIMISM_TRANSMITTER, CALLER, 6, 41, TOKEN_MESSENGER, body),
                ChainId.of(1), d)).isEmpty();
        // the same domain but another sender than the source TokenMessenger
        assertThat(tracking.fill(CctpLogs.messageReceived(OPTIMISM_TRANSMITTER, CALLER, 0, 41, CctpLogs.ADAPTER, body),
                ChainId.of(1), d)).isEmpty();
        // another nonce
        assertThat(tracking.fill(CctpLogs.messageReceived(OPTIMISM_TRANSMITTER, CALLER, 0, 42, TOKEN_MESSENGER, body),
                ChainId.of(1), d)).isEmpty();
        // from Base, domain 6 is the origin's
        BridgeDeposit fromBase = tracking.deposit(List.of(CctpLogs.depositForBurn(41, AMOUNT, 2, WALLET,
                Address.ZERO)), TOKEN_MESSENGER, OPTIMISM).orElseThrow();
        assertThat(tracking.fill(CctpLogs.messageReceived(OPTIMISM_TRANSMITTER, CALLER, 6, 41, TOKEN_MESSENGER, body),
                ChainId.of(8453), fromBase)).isPresent();
    }

    @Test
    void aMessageReceivedWhoseBurnMessageIsAnotherRecipientAmountOrToken_isNotThePlainBurnsFill() {
        BridgeDeposit d = plain();
        Address other = Address.evm("0x00000000000000000000000000000000000000e8");
        for (byte[] body : List.of(CctpLogs.burnBody(USDC, other, AMOUNT, CctpLogs.ADAPTER),
                CctpLogs.burnBody(USDC, WALLET, AMOUNT.subtract(BigInteger.ONE), CctpLogs.ADAPTER),
                CctpLogs.burnBody(other, WALLET, AMOUNT, CctpLogs.ADAPTER),
                Arrays.copyOf(CctpLogs.burnBody(USDC, WALLET, AMOUNT, CctpLogs.ADAPTER), 100), new byte[0])) {
            assertThat(tracking.fill(CctpLogs.messageReceived(OPTIMISM_TRANSMITTER, CALLER, 0, 41, TOKEN_MESSENGER,
                    body), ChainId.of(1), d)).as(Hex.encode(body)).isEmpty();
        }
        // a log that is not a MessageReceived (a leg's redeem of the same nonce)
        LogEntry redeemed = CctpLogs.log(OPTIMISM_TRANSMITTER, List.of(CctpMessages.CCTP_LEG_REDEEMED,
                CctpLogs.topic(0), CctpLogs.topic(41), CctpLogs.topic(77)), Abi.encode(Abi.address(OPTIMISM_USDC),
                        Abi.uint256(AMOUNT), Abi.uint256(FEE), Abi.address(CALLER)));
        assertThat(tracking.fill(redeemed, ChainId.of(1), d)).isEmpty();
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
