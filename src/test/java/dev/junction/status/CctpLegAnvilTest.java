package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.calldata.RouterAbi;
import dev.junction.calldata.RouterCallDecoder;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.chainmarket.TestContracts;
import dev.junction.deploy.Deployer;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.RpcException;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.cctp.CctpMessages;
import dev.junction.status.ChainStatusAnvilTest.Side;
import dev.junction.support.AnvilHarness;
import dev.junction.support.JunctionHttp;
import dev.junction.support.TestOnlyIris;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.JsonNode;

/**
 * Issue 39's CCTP destination leg on two anvil chains with real bytecode: Junction's router, executor, adapters and
 * {@code JunctionCctpReceiver} deployed and registered by the deploy module's {@link Deployer}; Circle CCTP V1 as its
 * TEST ONLY reproductions (MessageTransmitter, TokenMessenger, TokenMinter) minting and burning the local USDC;
 * Circle's Iris as {@link TestOnlyIris}. A route USDC on chain 1 -> CCTP -> WETH on chain 10 into a {@code
 * TestOnlyVault}, built by {@code /build-best-path} and sent by an ethers v6 wallet, is redeemed by Junction's redeemer
 * running in the app under test, once: the vault credits exactly the delivered amount, /status is DONE / COMPLETED and
 * the redeemer was paid its fee; a call that reverts leaves the whole output with the fallback address (DONE /
 * DESTINATION_CALL_FAILED). Nothing stays in the router, the receiver, the adapters or the executor; a second redeem of
 * the same messages reverts. A leg sent while the redeemer is stopped keeps /status PENDING and is redeemed once it
 * runs again (its block cursor is in the database). Anyone may redeem with Circle's attestations: a leg the wallet
 * redeemed itself is marked redeemed elsewhere, and Junction's relayer sends nothing for it. A plain CCTP route USDC on
 * chain 1 -> USDC on chain 10 (no leg: Circle mints on anyone's {@code receiveMessage}) is followed by /status: PENDING
 * / WAIT_DESTINATION_TRANSACTION while nobody mints (Junction does not), DONE / COMPLETED with the minted amount and
 * the wallet's mint transaction once it called chain 10's MessageTransmitter with TestOnlyIris's attestation.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CctpLegAnvilTest {

    static final ChainId A = ChainId.of(1);
    static final ChainId B = ChainId.of(10);
    static final Map<ChainId, Integer> DOMAIN = Map.of(A, 0, B, 2);
    static final Credentials WALLET = Credentials.create(AnvilHarness.DEV_KEYS.get(3));
    static final String DEPLOYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    /** Junction's relayer (the redeemer's key) and Circle's attester: test keys, not anvil's dev accounts. */
    static final Credentials JUNCTION_RELAYER = Credentials.create("0x" + "b2".repeat(32));
    static final String ATTESTER_KEY = "0x" + "a1".repeat(32);
    static final Address BENEFICIARY = Address.evm("0x00000000000000000000000000000000000BEEF1");
    static final Address FALLBACK = Address.evm("0x0000000000000000000000000000000000FA11BA");
    static final BigInteger USDC = BigInteger.TEN.pow(6);

    /** Circle's contracts on one chain. */
    record Circle(Address transmitter, Address messenger, Address minter) {
    }

    static final Map<ChainId, Deployer.Result> contracts = new HashMap<>();
    static final Map<ChainId, Circle> circle = new HashMap<>();
    static final Map<ChainId, Address> vaults = new HashMap<>();
    static Side a;
    static Side b;
    static TestOnlyIris iris;
    static long started;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApplicationContext context;

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        started = System.nanoTime();
        a = ChainStatusAnvilTest.side(A, "");
        b = ChainStatusAnvilTest.side(B, "");
        Credentials attester = Credentials.create(ATTESTER_KEY);
        for (Side s : List.of(a, b)) {
            circle.put(s.id(), deployCircle(s, Address.evm(attester.getAddress())));
        }
        link(a, b);
        link(b, a);
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("junction.market.source", "chain");
        chain(properties, a, b);
        chain(properties, b, a);
        properties.put("junction.rpc.timeout", "5s");
        properties.put("junction.rpc.max-attempts", "2");
        contracts.putAll(deployJunction(properties));
        JsonNode vault = TestContracts.artifact("test/support/TestOnlyVault.sol", "TestOnlyVault");
        for (Side s : List.of(a, b)) {
            vaults.put(s.id(), DestinationCallAnvilTest.deploy(s, vault.path("bytecode").asString()));
            s.rpc().call("anvil_setBalance", JUNCTION_RELAYER.getAddress(), "0x" + BigInteger.TEN.pow(20)
                    .toString(16));
            ChainStatusAnvilTest.send(s, WALLET.getAddress(), s.token("USDC"),
                    ChainStatusAnvilTest.approve(contracts.get(s.id()).router()));
        }
        iris = TestOnlyIris.start(List.of(new TestOnlyIris.Source(a.rpc(), circle.get(A).transmitter()),
                new TestOnlyIris.Source(b.rpc(), circle.get(B).transmitter())), List.of(ATTESTER_KEY));
        properties.put("junction.relayer.private-key", "0x" + "b2".repeat(32));
        properties.put("junction.relayer.poll-interval-ms", "100");
        properties.put("junction.cctp.attestation-url", iris.url().toString());
        properties.put("junction.cctp.poll-interval", "200ms");
        properties.forEach((k, v) -> registry.add(k, () -> v));
    }

    /**
     * Junction on both chains as {@code junction deploy} does it, by the deploy module's {@link Deployer} (CREATE2,
     * owner dev account 0): router, adapters and each chain's {@code JunctionCctpReceiver}, then each receiver learns the
     * other chain's CctpAdapter; puts each chain's {@code router} and {@code bridges.cctp.receiver} into
     * {@code properties}.
     */
    static Map<ChainId, Deployer.Result> deployJunction(Map<String, String> properties) {
        Binder binder = new Binder(new MapConfigurationPropertySource(properties));
        List<ChainSettings> chains = ChainsSettings.bind(binder, Protocols.dexKinds()).all();
        List<Deployer> deployers = new ArrayList<>();
        List<Deployer.Result> results = new ArrayList<>();
        List<Deployer.Deployed> deployed = new ArrayList<>();
        for (ChainSettings settings : chains) {
            Side s = settings.id().equals(A) ? a : b;
            Deployer d = new Deployer(settings, s.rpc(), AnvilHarness.DEV_KEYS.get(0));
            Deployer.Result r = d.deploy(Optional.empty());
            deployers.add(d);
            results.add(r);
            deployed.add(new Deployer.Deployed(settings, r));
        }
        Map<ChainId, Deployer.Result> out = new LinkedHashMap<>();
        for (int i = 0; i < chains.size(); i++) {
            Deployer.Result r = deployers.get(i).registerRemoteAdapters(results.get(i), deployed);
            String at = "junction.chains." + chains.get(i).id().value() + ".";
            properties.put(at + "router", r.router().value());
            properties.put(at + "bridges.cctp.receiver", r.receivers().get("cctp").value());
            out.put(chains.get(i).id(), r);
        }
        return out;
    }

    /** The TEST ONLY Circle V1 contracts on a chain, wired as Circle's are; the local USDC mints and burns for them. */
    static Circle deployCircle(Side s, Address attester) throws Exception {
        int domain = DOMAIN.get(s.id());
        Address transmitter = deploy(s, "TestOnlyCctpMessageTransmitter", Abi.encode(Abi.uint32(domain),
                Abi.address(attester), Abi.uint32(8192), Abi.uint32(0)));
        Address messenger = deploy(s, "TestOnlyCctpTokenMessenger", Abi.encode(Abi.address(transmitter),
                Abi.uint32(0)));
        Address minter = deploy(s, "TestOnlyCctpTokenMinter", Abi.encode(Abi.address(Address.evm(DEPLOYER))));
        call(s, minter, Abi.call("addLocalTokenMessenger(address)", Abi.address(messenger)));
        call(s, messenger, Abi.call("addLocalMinter(address)", Abi.address(minter)));
        call(s, minter, Abi.call("setMaxBurnAmountPerMessage(address,uint256)", Abi.address(s.token("USDC")),
                Abi.uint256(USDC.multiply(BigInteger.TEN.pow(7)))));
        // UMA's ExpandedERC20 (the local USDC): the minter mints and burns
        call(s, s.token("USDC"), Abi.call("addMinter(address)", Abi.address(minter)));
        call(s, s.token("USDC"), Abi.call("addBurner(address)", Abi.address(minter)));
        return new Circle(transmitter, messenger, minter);
    }

    /** {@code from}'s messenger knows {@code to}'s, and {@code from}'s minter mints its USDC for {@code to}'s. */
    static void link(Side from, Side to) {
        int remote = DOMAIN.get(to.id());
        call(from, circle.get(from.id()).messenger(), Abi.call("addRemoteTokenMessenger(uint32,bytes32)",
                Abi.uint32(remote), Abi.bytes32(word32(circle.get(to.id()).messenger()))));
        call(from, circle.get(from.id()).minter(), Abi.call("linkTokenPair(address,uint32,bytes32)",
                Abi.address(from.token("USDC")), Abi.uint32(remote), Abi.bytes32(word32(to.token("USDC")))));
    }

    static byte[] word32(Address a) {
        return Hex.decode("0x" + "0".repeat(24) + a.lower().substring(2));
    }

    static Address deploy(Side s, String contract, byte[] arguments) throws Exception {
        JsonNode artifact = TestContracts.artifact("test/support/" + contract + ".sol", contract);
        return DestinationCallAnvilTest.deploy(s, artifact.path("bytecode").asString() + Hex.encode(arguments)
                .substring(2));
    }

    static void call(Side s, Address to, byte[] data) {
        ChainStatusAnvilTest.send(s, DEPLOYER, to, Hex.encode(data));
    }

    /** One chain with Uniswap V3 and a {@code cctp} bridge (Circle's TokenMessenger) to the other, 1 confirmation. */
    static void chain(Map<String, String> p, Side s, Side to) {
        String at = "junction.chains." + s.id().value() + ".";
        p.put(at + "name", "Anvil " + s.id().value());
        p.put(at + "rpc-url", s.anvil().rpcUrl().toString());
        p.put(at + "tokens", s.token("WETH").value() + "," + s.token("USDC").value());
        p.put(at + "wrapped-native", s.token("WETH").value());
        p.put(at + "stablecoins", s.token("USDC").value());
        p.put(at + "dexes.uniswap-v3.kind", "uniswap-v3");
        p.put(at + "dexes.uniswap-v3.factory", s.market().path("uniswapV3").path("factory").asString());
        p.put(at + "dexes.uniswap-v3.fee-tiers", "500");
        p.put(at + "bridges.cctp.spoke-pool", circle.get(s.id()).messenger().value());
        p.put(at + "bridges.cctp.lanes[0].token", s.token("USDC").value());
        p.put(at + "bridges.cctp.lanes[0].to-chain", Long.toString(to.id().value()));
        p.put(at + "bridges.cctp.lanes[0].to-token", to.token("USDC").value());
        p.put(at + "bridges.cctp.lanes[0].p90-seconds", "60");
        p.put(at + "confirmations", "1");
        p.put(at + "block-time", "1s");
        p.put(at + "max-staleness", "30s");
        p.put(at + "poll-interval", "100ms");
    }

    @AfterAll
    static void stop() {
        if (iris != null) {
            iris.close();
        }
        TwoChainAcross.stop(null, a, b);
        System.out.printf("CctpLegAnvilTest: %.1f s from the first anvil to the end%n",
                (System.nanoTime() - started) / 1e9);
    }

    // --- the tests ---

    @Test
    @Order(0)
    void theTestOnlyCircleMintsOnBWhatABurnt_withTestOnlyIrisAttestation() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(10));
        Address messenger = circle.get(A).messenger();
        ChainStatusAnvilTest.send(a, WALLET.getAddress(), a.token("USDC"), ChainStatusAnvilTest.approve(messenger));
        String burn = ChainStatusAnvilTest.sendWeb3j(a, WALLET, messenger, Hex.encode(Abi.call(
                "depositForBurn(uint256,uint32,bytes32,address)", Abi.uint256(amount), Abi.uint32(DOMAIN.get(B)),
                Abi.bytes32(word32(Address.evm(WALLET.getAddress()))), Abi.address(a.token("USDC")))),
                BigInteger.ZERO, BigInteger.valueOf(500_000));
        JsonNode receipt = ChainStatusAnvilTest.receipt(a, burn);
        assertThat(receipt.path("status").asString()).isEqualTo("0x1");
        byte[] message = null;
        for (JsonNode l : receipt.path("logs")) {
            if (l.path("topics").get(0).asString().equals(Abi.topic("MessageSent(bytes)").value())) {
                message = Hex.decode(AbiDecoder.bytes(l.path("data").asString(), 0));
            }
        }
        assertThat(message).isNotNull();
        String hash = Hex.encode(Abi.keccak(message));
        HttpClient http = HttpClient.newHttpClient();
        String unknown = "0x" + "77".repeat(32);
        assertThat(http.send(HttpRequest.newBuilder(URI.create(iris.url() + "/v1/attestations/" + unknown)).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
        URI attestation = URI.create(iris.url() + "/v1/attestations/" + hash);
        assertThat(http.send(HttpRequest.newBuilder(attestation).build(), HttpResponse.BodyHandlers.ofString()).body())
                .contains("pending_confirmations");
        String complete = http.send(HttpRequest.newBuilder(attestation).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(complete).contains("\"status\":\"complete\"").contains(Hex.encode(iris.attest(message)));

        BigInteger before = balance(b, b.token("USDC"), Address.evm(WALLET.getAddress()));
        String mint = ChainStatusAnvilTest.sendWeb3j(b, WALLET, circle.get(B).transmitter(), Hex.encode(Abi.call(
                "receiveMessage(bytes,bytes)", Abi.bytes(message), Abi.bytes(iris.attest(message)))),
                BigInteger.ZERO, BigInteger.valueOf(500_000));
        assertThat(ChainStatusAnvilTest.receipt(b, mint).path("status").asString()).isEqualTo("0x1");
        assertThat(balance(b, b.token("USDC"), Address.evm(WALLET.getAddress())).subtract(before)).isEqualTo(amount);
        // nothing of a plain burn for Junction's redeemer: no leg
        assertThat(jdbc.sql("SELECT COUNT(*) FROM cctp_redemptions").query(Long.class).single()).isZero();
    }

    @Test
    @Order(1)
    void cctpWithACall_junctionRedeemsOnce_theVaultCreditsTheDeliveredAmount_statusDoneCompleted() throws Exception {
        BigInteger relayerUsdc = balance(b, b.token("USDC"), Address.evm(JUNCTION_RELAYER.getAddress()));
        Sent sent = buildAndSend(USDC.multiply(BigInteger.valueOf(2_000)), deposit(b.token("WETH")), 200_000);
        JsonNode done = awaitStatus(sent.hash(), r -> "DONE".equals(r.path("status").asString()));

        BigInteger credited = credit(b.token("WETH"));
        assertThat(credited).isPositive().isGreaterThanOrEqualTo(sent.minAmountOut());
        assertThat(done.path("details").path("substatus").asString()).as(done.toString()).isEqualTo("COMPLETED");
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(credited.toString());
        assertThat(done.path("destTxDetails").path("chainId").asLong()).isEqualTo(B.value());
        assertThat(done.path("routeKind").asString()).isEqualTo("crossChainSwap");
        assertThat(done.path("provider").path("key").asString()).isEqualTo("cctp");

        // Junction's redeemer redeemed it, once, and was paid the redeem fee (the CCTP step's bridge fee)
        Map<String, Object> row = awaitRedeemed(sent.hash());
        String redeemTx = (String) row.get("redeem_tx_hash");
        assertThat(done.path("destTxDetails").path("txHash").asString()).isEqualToIgnoringCase(redeemTx);
        JsonNode receipt = ChainStatusAnvilTest.receipt(b, redeemTx);
        assertThat(receipt.path("from").asString()).isEqualToIgnoringCase(JUNCTION_RELAYER.getAddress());
        assertThat(receipt.path("to").asString()).isEqualToIgnoringCase(receiver(B).value());
        BigInteger fee = balance(b, b.token("USDC"), Address.evm(JUNCTION_RELAYER.getAddress()))
                .subtract(relayerUsdc);
        assertThat(fee).isPositive().isEqualTo(sent.redeemFee());
        assertThat(jdbc.sql("SELECT COUNT(*) FROM relayer_txs WHERE reference = ?")
                .param("cctp-redeemer:" + A.value() + ":" + row.get("burn_nonce")).query(Long.class).single())
                .isEqualTo(1);

        // exactly once on chain: the same messages again revert (Circle's used nonces)
        byte[] again = Abi.call("redeem(bytes,bytes,bytes,bytes,bytes)",
                Abi.bytes(Hex.decode("0x" + row.get("burn_message"))),
                Abi.bytes(Hex.decode("0x" + row.get("burn_attestation"))),
                Abi.bytes(Hex.decode("0x" + row.get("leg_message"))),
                Abi.bytes(Hex.decode("0x" + row.get("leg_attestation"))),
                Abi.bytes(Hex.decode("0x" + row.get("message"))));
        assertThatThrownBy(() -> b.rpc().call("eth_call", Map.of("from", DEPLOYER.toLowerCase(), "to",
                receiver(B).lower(), "data", Hex.encode(again)), "latest")).isInstanceOf(RpcException.class);
        assertNothingLeft(a);
        assertNothingLeft(b);
    }

    @Test
    @Order(2)
    void cctpWithARevertingCall_theFallbackGetsTheWholeOutput_statusDestinationCallFailed() throws Exception {
        BigInteger before = balance(b, b.token("WETH"), FALLBACK);
        BigInteger creditedBefore = credit(b.token("WETH"));
        String refused = DestinationCallAnvilTest.selector("depositRefused(address,address)")
                + DestinationCallAnvilTest.word(b.token("WETH")) + DestinationCallAnvilTest.word(BENEFICIARY);
        Sent sent = buildAndSend(USDC.multiply(BigInteger.valueOf(1_500)), refused, 150_000);
        JsonNode done = awaitStatus(sent.hash(), r -> "DONE".equals(r.path("status").asString()));

        BigInteger got = balance(b, b.token("WETH"), FALLBACK).subtract(before);
        assertThat(got).isPositive().isGreaterThanOrEqualTo(sent.minAmountOut());
        assertThat(credit(b.token("WETH"))).isEqualTo(creditedBefore);
        assertThat(done.path("details").path("substatus").asString()).as(done.toString())
                .isEqualTo("DESTINATION_CALL_FAILED");
        assertThat(done.path("details").path("receivedAmount").asString()).isEqualTo(got.toString());
        assertThat(done.path("details").path("message").asString()).contains(FALLBACK.value());
        awaitRedeemed(sent.hash());
        assertNothingLeft(a);
        assertNothingLeft(b);
    }

    @Test
    @Order(3)
    void aLegSentWhileTheRedeemerIsDownIsRedeemedAfterItsRestart_statusPendingUntilThen() throws Exception {
        SmartLifecycle redeemer = context.getBean("chainCctpRedeemer", SmartLifecycle.class);
        redeemer.stop();
        try {
            Sent sent = buildAndSend(USDC.multiply(BigInteger.valueOf(1_000)), deposit(b.token("WETH")), 200_000);
            JsonNode pending = awaitStatus(sent.hash(), r -> "WAIT_DESTINATION_TRANSACTION".equals(
                    r.path("details").path("substatus").asString()));
            assertThat(pending.path("status").asString()).isEqualTo("PENDING");
            assertThat(pending.path("details").path("message").asString()).contains("waiting for its fill")
                    .doesNotContain("fillDeadline");
            assertThat(jdbc.sql("SELECT COUNT(*) FROM cctp_redemptions WHERE source_tx_hash = ?")
                    .param(sent.hash().toLowerCase()).query(Long.class).single()).isZero();
            BigInteger creditedBefore = credit(b.token("WETH"));
            redeemer.start();
            JsonNode done = awaitStatus(sent.hash(), r -> "DONE".equals(r.path("status").asString()));
            assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
            assertThat(credit(b.token("WETH")).subtract(creditedBefore).toString())
                    .isEqualTo(done.path("toAsset").path("amount").asString());
            awaitRedeemed(sent.hash());
            assertNothingLeft(b);
        } finally {
            redeemer.start();
        }
    }

    @Test
    @Order(4)
    void anyoneMayRedeemWithCirclesAttestations_theRedeemerThenMarksTheLegRedeemedElsewhere() throws Exception {
        SmartLifecycle redeemer = context.getBean("chainCctpRedeemer", SmartLifecycle.class);
        redeemer.stop();
        try {
            Sent sent = buildAndSend(USDC.multiply(BigInteger.valueOf(1_200)), deposit(b.token("WETH")), 200_000);
            // the wallet redeems its own leg: the messages from the source receipt, Circle's attestations from Iris
            List<LogEntry> logs = EthRpc.parseReceipt(ChainStatusAnvilTest.receipt(a, sent.hash())).logs();
            CctpMessages.LegSent leg = logs.stream().map(CctpMessages::legSent).flatMap(Optional::stream)
                    .findFirst().orElseThrow();
            CctpMessages.Redemption messages = CctpMessages.redemption(leg, DOMAIN.get(A),
                    CctpMessages.messagesSent(logs, circle.get(A).transmitter())).orElseThrow();
            byte[] redeem = CctpMessages.redeemCall(messages.burn(), iris.attest(messages.burn().raw()),
                    messages.leg(), iris.attest(messages.leg().raw()), leg.message());
            BigInteger walletUsdc = balance(b, b.token("USDC"), Address.evm(WALLET.getAddress()));
            String own = ChainStatusAnvilTest.sendWeb3j(b, WALLET, receiver(B), Hex.encode(redeem), BigInteger.ZERO,
                    BigInteger.valueOf(3_000_000));
            assertThat(ChainStatusAnvilTest.receipt(b, own).path("status").asString()).isEqualTo("0x1");
            assertThat(balance(b, b.token("USDC"), Address.evm(WALLET.getAddress())).subtract(walletUsdc))
                    .isEqualTo(leg.redeemFee()).isEqualTo(sent.redeemFee());

            redeemer.start();
            Map<String, Object> row = awaitState(sent.hash(), "REDEEMED_ELSEWHERE");
            assertThat(row.get("relayed_tx_id")).isNull();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM relayer_txs WHERE reference = ?")
                    .param("cctp-redeemer:" + A.value() + ":" + leg.burnNonce()).query(Long.class).single()).isZero();
            JsonNode done = awaitStatus(sent.hash(), r -> "DONE".equals(r.path("status").asString()));
            assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
            assertThat(done.path("destTxDetails").path("txHash").asString()).isEqualToIgnoringCase(own);
            assertNothingLeft(b);
        } finally {
            redeemer.start();
        }
    }

    @Test
    @Order(5)
    void aPlainCctpRoute_statusWaitsForAnyonesReceiveMessage_thenDoneCompletedWithTheMintedUsdc() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(700));
        Address wallet = Address.evm(WALLET.getAddress());
        JsonNode built = JunctionHttp.get(port, "/build-best-path?fromChain=" + A.value() + "&toChain=" + B.value()
                + "&fromToken=" + a.token("USDC") + "&toToken=" + b.token("USDC") + "&amount=" + amount
                + "&sender=" + wallet + "&receiver=" + wallet + "&includeRoute=true");
        assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
        String hash = send(built.path("data").path("Tx"), amount);

        // a plain burn: no destination caller, so Circle's MessageTransmitter on B mints on anyone's receiveMessage
        List<LogEntry> logs = EthRpc.parseReceipt(ChainStatusAnvilTest.receipt(a, hash)).logs();
        List<CctpMessages.Message> sentMessages = CctpMessages.messagesSent(logs, circle.get(A).transmitter());
        assertThat(sentMessages).hasSize(1);
        CctpMessages.Message burn = sentMessages.getFirst();
        assertThat(burn.destinationCaller()).isEqualTo(Bytes32.ZERO);
        assertThat(burn.destinationDomain()).isEqualTo(DOMAIN.get(B));

        JsonNode pending = awaitStatus(hash, r -> "WAIT_DESTINATION_TRANSACTION".equals(
                r.path("details").path("substatus").asString()));
        assertThat(pending.path("status").asString()).isEqualTo("PENDING");
        assertThat(pending.path("details").path("message").asString()).as(pending.toString())
                .contains("waiting for its fill", "Circle's attestation", "receiveMessage", "nonce " + burn.nonce(),
                        "Junction does not mint").doesNotContain("cannot be followed", "fillDeadline");
        assertThat(pending.path("provider").path("key").asString()).isEqualTo("cctp");
        // Junction does not mint it: blocks later it is still pending, and its redeemer has no row of it
        for (int i = 0; i < 5; i++) {
            a.rpc().call("evm_mine");
            b.rpc().call("evm_mine");
        }
        ChainStatusAnvilTest.sleep(500);
        JsonNode later = awaitStatus(hash, r -> true);
        assertThat(later.path("status").asString()).isEqualTo("PENDING");
        assertThat(later.path("details").path("substatus").asString()).isEqualTo("WAIT_DESTINATION_TRANSACTION");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM cctp_redemptions WHERE source_tx_hash = ?")
                .param(hash.toLowerCase()).query(Long.class).single()).isZero();

        // the wallet mints on B with Circle's (TestOnlyIris's) attestation
        BigInteger before = balance(b, b.token("USDC"), wallet);
        String mint = ChainStatusAnvilTest.sendWeb3j(b, WALLET, circle.get(B).transmitter(), Hex.encode(Abi.call(
                "receiveMessage(bytes,bytes)", Abi.bytes(burn.raw()), Abi.bytes(iris.attest(burn.raw())))),
                BigInteger.ZERO, BigInteger.valueOf(500_000));
        assertThat(ChainStatusAnvilTest.receipt(b, mint).path("status").asString()).isEqualTo("0x1");
        BigInteger minted = balance(b, b.token("USDC"), wallet).subtract(before);
        assertThat(minted).isEqualTo(amount);

        JsonNode done = awaitStatus(hash, r -> "DONE".equals(r.path("status").asString()));
        assertThat(done.path("details").path("substatus").asString()).as(done.toString()).isEqualTo("COMPLETED");
        assertThat(done.path("details").path("message").asString()).contains(minted.toString(), wallet.value());
        assertThat(done.path("toAsset").path("chainId").asLong()).isEqualTo(B.value());
        assertThat(done.path("toAsset").path("address").asString()).isEqualTo(b.token("USDC").value());
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(minted.toString());
        assertThat(done.path("destTxDetails").path("chainId").asLong()).isEqualTo(B.value());
        assertThat(done.path("destTxDetails").path("txHash").asString()).isEqualToIgnoringCase(mint);
        assertThat(done.path("routeKind").asString()).isEqualTo("bridge");
        assertThat(done.path("provider").path("key").asString()).isEqualTo("cctp");
        assertNothingLeft(a);
        assertNothingLeft(b);
    }

    // --- building and sending ---

    record Sent(String hash, JsonNode built, BigInteger minAmountOut, BigInteger redeemFee) {
    }

    /** {@code /build-best-path} USDC on A -> WETH on B into the vault with {@code call}, sent by an ethers wallet. */
    Sent buildAndSend(BigInteger amount, String call, long gasLimit) throws Exception {
        JsonNode built = JunctionHttp.get(port, "/build-best-path?fromChain=" + A.value() + "&toChain=" + B.value()
                + "&fromToken=" + a.token("USDC") + "&toToken=" + b.token("WETH") + "&amount=" + amount
                + "&sender=" + WALLET.getAddress() + "&receiver=" + vaults.get(B) + "&destinationCallData=" + call
                + "&destinationGasLimit=" + gasLimit + "&fallbackAddress=" + FALLBACK + "&includeRoute=true");
        assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
        JsonNode tx = built.path("data").path("Tx");
        var params = RouterCallDecoder.executeRoute(Hex.decode(tx.path("data").asString())).params();
        BigInteger redeemFee = BigInteger.ZERO;
        for (JsonNode step : built.path("data").path("route").path("path")) {
            if ("cctp".equals(step.path("provider").path("key").asString())
                    || "cctp".equalsIgnoreCase(step.path("provider").path("name").asString())) {
                redeemFee = new BigInteger(step.path("bridgeFee").asString("0"));
            }
        }
        return new Sent(send(tx, amount), built.path("data"), params.minAmountOut.getValue(), redeemFee);
    }

    /**
     * The built {@code Tx} sent as an integrator's ethers v6 wallet does (chains/bin/send-built-tx.mjs: approve
     * {@code amount} of USDC exactly, send the Tx); its hash.
     */
    static String send(JsonNode tx, BigInteger amount) throws Exception {
        return AnvilHarness.sendBuiltTx(a.anvil().rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(3), A.value(),
                a.token("USDC"), amount, tx).path("hash").asString();
    }

    static String deposit(Address token) {
        return DestinationCallAnvilTest.selector("depositAllowance(address,address)")
                + DestinationCallAnvilTest.word(token) + DestinationCallAnvilTest.word(BENEFICIARY);
    }

    BigInteger credit(Address token) {
        String out = b.rpc().call("eth_call", Map.of("to", vaults.get(B).lower(), "data",
                DestinationCallAnvilTest.selector("credit(address,address)") + DestinationCallAnvilTest.word(token)
                        + DestinationCallAnvilTest.word(BENEFICIARY)), "latest").asString();
        return new BigInteger(out.substring(2), 16);
    }

    static BigInteger balance(Side s, Address token, Address owner) {
        return DestinationCallAnvilTest.balance(s, token, owner);
    }

    /** Junction's {@code JunctionCctpReceiver} on a chain, as the deployer answered it. */
    static Address receiver(ChainId chain) {
        return contracts.get(chain).receivers().get("cctp");
    }

    /** The redeemer's row of the leg sent in {@code sourceTx}. */
    Map<String, Object> redemption(String sourceTx) {
        List<Map<String, Object>> rows = jdbc.sql("SELECT * FROM cctp_redemptions WHERE source_tx_hash = ?")
                .param(sourceTx.toLowerCase()).query().listOfRows();
        assertThat(rows).hasSize(1);
        Map<String, Object> lower = new HashMap<>();
        rows.getFirst().forEach((k, v) -> lower.put(k.toLowerCase(), v));
        return lower;
    }

    /**
     * The redeemer's row of the leg once it is DONE (it follows the relayer's transaction to its confirmation, which
     * /status may see first), mining a block on chain B every 100 ms; 30 s at most.
     */
    Map<String, Object> awaitRedeemed(String sourceTx) {
        return awaitState(sourceTx, "DONE");
    }

    /** The redeemer's row of the leg once it is in {@code state}, mining on both chains; 30 s at most. */
    Map<String, Object> awaitState(String sourceTx, String state) {
        for (int i = 0; i < 300; i++) {
            List<Map<String, Object>> rows = jdbc.sql("SELECT state FROM cctp_redemptions WHERE source_tx_hash = ?")
                    .param(sourceTx.toLowerCase()).query().listOfRows();
            if (!rows.isEmpty() && state.equals(rows.getFirst().values().iterator().next())) {
                return redemption(sourceTx);
            }
            a.rpc().call("evm_mine");
            b.rpc().call("evm_mine");
            ChainStatusAnvilTest.sleep(100);
        }
        throw new AssertionError("the redeemer's row of " + sourceTx + " did not reach " + state);
    }

    /** No token in the router, its executor, the adapters or the receiver, no approval left by the executor. */
    static void assertNothingLeft(Side s) {
        Deployer.Result c = contracts.get(s.id());
        List<Address> holders = new ArrayList<>(c.adapters().values());
        holders.addAll(c.receivers().values());
        holders.add(c.router());
        holders.add(RouterAbi.executorOf(c.router()));
        for (String symbol : List.of("USDC", "WETH")) {
            for (Address holder : holders) {
                assertThat(balance(s, s.token(symbol), holder)).as(symbol + " left in " + holder).isZero();
            }
        }
    }

    /** Polls /status every 100 ms until {@code until} holds, mining a block on both chains each time; 90 s at most. */
    JsonNode awaitStatus(String hash, Predicate<JsonNode> until) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 900; i++) {
            JsonNode r = JunctionHttp.get(port, "/status?txHash=" + URLEncoder.encode(hash, StandardCharsets.UTF_8)
                    + "&fromChainId=" + A.value());
            last = r.path("data");
            if (until.test(last)) {
                return last;
            }
            a.rpc().call("evm_mine");
            b.rpc().call("evm_mine");
            ChainStatusAnvilTest.sleep(100);
        }
        throw new AssertionError("status of " + hash + " did not reach the expected state: " + last);
    }
}
