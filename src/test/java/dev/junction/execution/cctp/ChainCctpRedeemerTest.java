package dev.junction.execution.cctp;

import static dev.junction.protocol.cctp.CctpLogs.ADAPTER;
import static dev.junction.protocol.cctp.CctpLogs.RECEIVER;
import static dev.junction.protocol.cctp.CctpLogs.REMOTE_MESSENGER;
import static dev.junction.protocol.cctp.CctpLogs.TOKEN_MESSENGER;
import static dev.junction.protocol.cctp.CctpLogs.TRANSMITTER;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.junction.calldata.AdapterDirectory;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.chain.abi.Abi;
import dev.junction.execution.relayer.Relayers;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.RpcSettings;
import dev.junction.nodes.TxReceipt;
import dev.junction.protocol.cctp.CctpLogs;
import dev.junction.protocol.cctp.CctpMessages;
import dev.junction.support.TestDatabase;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The redeemer's decisions over fake nodes (an {@link EthRpc} answering from maps), a local Iris and an H2 store: which
 * legs it records, from which block, and what it does with an attested leg whose burn nonce is used on the destination,
 * or that it cannot send yet, or whose attestation Iris fails to answer. The send through the relayer and the whole
 * flow on real contracts are {@code status.CctpLegAnvilTest}'s.
 */
class ChainCctpRedeemerTest {

    static final ChainId ETHEREUM = ChainId.of(1);
    static final ChainId OPTIMISM = ChainId.of(10);
    static final Address ROUTER_A = Address.evm("0x00000000000000000000000000000000000000e1");
    static final Address ROUTER_B = Address.evm("0x00000000000000000000000000000000000000e2");
    static final Address DEST_MESSENGER = Address.evm("0x00000000000000000000000000000000000000d1");
    static final Address DEST_TRANSMITTER = Address.evm("0x00000000000000000000000000000000000000d2");
    static final TxHash LEG_TX = CctpLogs.TX;
    static final byte[] BURN = CctpLogs.message(0, 2, 41, TOKEN_MESSENGER, REMOTE_MESSENGER, RECEIVER, new byte[132]);
    static final byte[] LEG = CctpLogs.message(0, 2, 42, ADAPTER, RECEIVER, RECEIVER, new byte[64]);
    static final byte[] MESSAGE = CctpLogs.legMessage(BigInteger.valueOf(5_000), new byte[96]);

    /** A node answering from maps: logs by block, receipts, and {@code eth_call} answers by (to, calldata). */
    static final class FakeNode extends EthRpc {
        long head;
        final List<LogEntry> adapterLogs = new ArrayList<>();
        final Map<TxHash, TxReceipt> receipts = new HashMap<>();
        final Map<String, byte[]> calls = new HashMap<>();
        final List<long[]> logRanges = new ArrayList<>();

        FakeNode() {
            super(new JsonRpcClient(List.of(URI.create("http://127.0.0.1:1")), RpcSettings.DEFAULT));
        }

        void answer(Address to, byte[] data, byte[] out) {
            calls.put(to.lower() + Hex.encode(data), out);
        }

        @Override
        public long blockNumber() {
            return head;
        }

        @Override
        public List<LogEntry> logs(Address address, long from, long to, List<List<Bytes32>> topics) {
            logRanges.add(new long[] {from, to});
            return adapterLogs.stream().filter(l -> l.address().equals(address) && l.blockNumber() >= from
                    && l.blockNumber() <= to && topics.getFirst().contains(l.topic0())).toList();
        }

        @Override
        public Optional<TxReceipt> receipt(TxHash hash) {
            return Optional.ofNullable(receipts.get(hash));
        }

        @Override
        public byte[] call(Address to, byte[] data) {
            byte[] out = calls.get(to.lower() + Hex.encode(data));
            if (out == null) {
                throw new IllegalStateException("unexpected eth_call of " + to + " with " + Hex.encode(data));
            }
            return out;
        }
    }

    final FakeNode source = new FakeNode();
    final FakeNode destination = new FakeNode();
    final AtomicLong clock = new AtomicLong(1_000_000);
    final Map<String, String> iris = new ConcurrentHashMap<>();
    HttpServer irisServer;
    TestDatabase db;
    CctpRedemptionStore store;

    @BeforeEach
    void setUp() throws IOException {
        db = TestDatabase.h2();
        store = new CctpRedemptionStore(db.jdbc());
        irisServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        irisServer.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String answer = iris.getOrDefault(path.substring(path.lastIndexOf('/') + 1), "404");
            int status = answer.startsWith("{") ? 200 : Integer.parseInt(answer);
            byte[] body = (answer.startsWith("{") ? answer : "{\"error\":\"x\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        irisServer.start();
        byte[] word = Abi.encode(Abi.address(TRANSMITTER));
        source.answer(TOKEN_MESSENGER, Abi.call(CctpMessages.LOCAL_MESSAGE_TRANSMITTER), word);
        destination.answer(DEST_MESSENGER, Abi.call(CctpMessages.LOCAL_MESSAGE_TRANSMITTER),
                Abi.encode(Abi.address(DEST_TRANSMITTER)));
        destination.answer(ROUTER_B, Abi.call("isBridgeMessenger(address)", Abi.address(RECEIVER)),
                Abi.encode(Abi.uint256(1)));
        used(false);
        source.head = 100;
    }

    @AfterEach
    void tearDown() {
        irisServer.stop(0);
        db.close();
    }

    void used(boolean used) {
        destination.answer(DEST_TRANSMITTER, CctpMessages.usedNoncesCall(0, 41), Abi.encode(Abi.uint256(used ? 1 : 0)));
    }

    /** The adapter's CctpLegSent at {@code block} to {@code receiver}, with both messages in its receipt. */
    void legAt(long block, Address receiver) {
        LogEntry leg = CctpLogs.legSent(41, 2, 42, MESSAGE);
        source.adapterLogs.add(new LogEntry(leg.address(),
                List.of(leg.topics().get(0), leg.topics().get(1), leg.topics().get(2), CctpLogs.topic(receiver)),
                leg.data(), block, Bytes32.ZERO, 0, false, LEG_TX));
        source.receipts.put(LEG_TX, new TxReceipt(LEG_TX, block, Bytes32.ZERO, true, ADAPTER, ROUTER_A, 1, BigInteger.ONE,
                List.of(CctpLogs.messageSent(BURN), CctpLogs.messageSent(LEG), leg)));
    }

    void attested() {
        String signatures = Hex.encode(new byte[65]);
        for (byte[] m : List.of(BURN, LEG)) {
            iris.put(Hex.encode(Abi.keccak(m)), "{\"attestation\":\"" + signatures + "\",\"status\":\"complete\"}");
        }
    }

    ChainCctpRedeemer redeemer(Map<Long, Long> startBlocks, Address configuredReceiver) {
        ChainSettings a = chain(ETHEREUM, ROUTER_A, TOKEN_MESSENGER, null);
        ChainSettings b = chain(OPTIMISM, ROUTER_B, DEST_MESSENGER, configuredReceiver);
        AdapterDirectory adapters = (chain, router, key) -> Optional.of(ADAPTER);
        CctpProperties props = new CctpProperties(URI.create("http://127.0.0.1:" + irisServer.getAddress().getPort()),
                Duration.ofSeconds(5), Duration.ofMillis(200), startBlocks, true);
        return new ChainCctpRedeemer(List.of(a, b), id -> Optional.of(id.equals(ETHEREUM) ? source : destination),
                adapters, new Relayers(List.of(), 1_000), store,
                new TransactionTemplate(new JdbcTransactionManager(db.dataSource())),
                new IrisClient(props.attestationUrl(), props.attestationTimeout()), props, clock::get);
    }

    static ChainSettings chain(ChainId id, Address router, Address messenger, Address receiver) {
        Address token = Address.evm("0x00000000000000000000000000000000000000c" + id.value() % 10);
        return new ChainSettings(id, "Chain " + id.value(), "c" + id.value(), "ETH",
                List.of(URI.create("http://127.0.0.1:1")), List.of(token), token, List.of(token), Map.of(),
                Map.of("cctp", new ChainSettings.Bridge("cctp", messenger, List.of(), receiver)), router,
                ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1),
                Duration.ofSeconds(3), Duration.ofMillis(100), 4, Map.of());
    }

    @Test
    void aLegIsRecordedOnceFromTheHeadAtTheFirstStart_withItsBurnAndLegMessages() {
        ChainCctpRedeemer r = redeemer(Map.of(), RECEIVER);
        legAt(90, RECEIVER); // before the first start: not read
        r.pollOnce();
        assertThat(store.cursor(ETHEREUM)).hasValue(101);
        assertThat(store.find(ETHEREUM, 41)).isEmpty();

        source.adapterLogs.clear();
        legAt(101, RECEIVER);
        source.head = 101;
        r.pollOnce();
        r.pollOnce();
        CctpRedemption row = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(row.state()).isEqualTo(CctpRedemption.State.ATTESTING);
        assertThat(row.burn().raw()).isEqualTo(BURN);
        assertThat(row.leg().raw()).isEqualTo(LEG);
        assertThat(row.message()).isEqualTo(MESSAGE);
        assertThat(row.legNonce()).isEqualTo(42);
        assertThat(row.destinationChain()).isEqualTo(OPTIMISM);
        assertThat(row.receiver()).isEqualTo(RECEIVER);
        assertThat(row.burnAttestation()).isNull();
        assertThat(store.cursor(ETHEREUM)).hasValue(102);
        // Iris has not seen it (404): asked again a poll interval later
        assertThat(row.nextAttemptAtMs()).isEqualTo(clock.get() + 200);
        assertThat(row.attempts()).isZero();
    }

    @Test
    void aConfiguredStartBlockIsReadFrom() {
        legAt(60, RECEIVER);
        redeemer(Map.of(1L, 50L), RECEIVER).pollOnce();
        assertThat(source.logRanges.getFirst()).containsExactly(50, 100);
        assertThat(store.find(ETHEREUM, 41)).isPresent();
    }

    @Test
    void aLegMintingToAnotherContractThanTheReceiverIsNotRecorded() {
        Address stranger = Address.evm("0x00000000000000000000000000000000000000f9");
        legAt(60, stranger);
        redeemer(Map.of(1L, 50L), RECEIVER).pollOnce();
        assertThat(store.find(ETHEREUM, 41)).isEmpty();
        // without a configured receiver the destination router decides: it does not know the stranger
        destination.answer(ROUTER_B, Abi.call("isBridgeMessenger(address)", Abi.address(stranger)),
                Abi.encode(Abi.uint256(0)));
        db.jdbc().sql("DELETE FROM cctp_cursors").update();
        redeemer(Map.of(1L, 50L), null).pollOnce();
        assertThat(store.find(ETHEREUM, 41)).isEmpty();
        assertThat(store.cursor(ETHEREUM)).hasValue(101);
    }

    @Test
    void anAttestedLegWhoseBurnNonceIsUsedOnTheDestinationWasRedeemedElsewhere() {
        legAt(60, RECEIVER);
        attested();
        used(true);
        redeemer(Map.of(1L, 50L), RECEIVER).pollOnce();
        CctpRedemption row = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(row.state()).isEqualTo(CctpRedemption.State.REDEEMED_ELSEWHERE);
        assertThat(row.burnAttestation()).hasSize(65);
        assertThat(row.relayedTxId()).isNull();
    }

    @Test
    void anAttestedLegWithoutARelayerOnItsDestinationIsRetriedWithTheBackoff() {
        legAt(60, RECEIVER);
        attested();
        ChainCctpRedeemer r = redeemer(Map.of(1L, 50L), RECEIVER);
        r.pollOnce();
        CctpRedemption row = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(row.state()).isEqualTo(CctpRedemption.State.ATTESTING);
        assertThat(row.legAttestation()).hasSize(65);
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(row.lastError()).contains("no node on chain 10");
        assertThat(row.nextAttemptAtMs()).isEqualTo(clock.get() + 200);

        r.pollOnce(); // not due yet
        assertThat(store.find(ETHEREUM, 41).orElseThrow().attempts()).isEqualTo(1);
        clock.addAndGet(200);
        r.pollOnce();
        CctpRedemption again = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(again.attempts()).isEqualTo(2);
        assertThat(again.nextAttemptAtMs()).isEqualTo(clock.get() + 400);
    }

    @Test
    void anIrisFailureIsRetriedLater_aPendingAttestationIsWaitedFor() {
        legAt(60, RECEIVER);
        iris.put(Hex.encode(Abi.keccak(BURN)), "503");
        ChainCctpRedeemer r = redeemer(Map.of(1L, 50L), RECEIVER);
        r.pollOnce();
        CctpRedemption failed = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(failed.attempts()).isEqualTo(1);
        assertThat(failed.lastError()).contains("HTTP 503");

        iris.put(Hex.encode(Abi.keccak(BURN)), "{\"attestation\":\"PENDING\",\"status\":\"pending_confirmations\"}");
        clock.addAndGet(200);
        r.pollOnce();
        CctpRedemption pending = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(pending.state()).isEqualTo(CctpRedemption.State.ATTESTING);
        assertThat(pending.burnAttestation()).isNull();
        assertThat(pending.attempts()).isEqualTo(1);
        assertThat(pending.nextAttemptAtMs()).isEqualTo(clock.get() + 200);
    }
}
