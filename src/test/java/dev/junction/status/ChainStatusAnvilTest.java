package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.BridgeCall;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.StepCall;
import dev.junction.calldata.SwapCall;
import dev.junction.calldata.Transaction;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.market.BridgeLane;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.deploy.Deployer;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcSettings;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import dev.junction.webhooks.PushChecks;
import dev.junction.webhooks.WebhookReceiver;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * GET /status in chain mode on two anvil chains with Junction's router and adapters (deployed by the deploy module's
 * {@link Deployer}), real Uniswap
 * V3, WETH9, Permit2 and Across SpokePools from npm, and the Across test relayer: routes sent by wallets (web3j, and
 * one by an ethers v6 wallet) are followed from the node's pool to DONE with the real hashes and amounts; a reverted
 * route is FAILED with the router's error decoded; an unknown hash is NOT_FOUND; a cross-chain route is DONE with the
 * relayer's fill (PARTIAL when the destination swap falls back); an unfilled deposit past its fillDeadline is EXPIRED
 * with the refund substatus; answers are read once per head block; a wallet-sent route registered with
 * {@code POST /status/watch} is pushed to a webhook through every change to DONE (issue 40).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChainStatusAnvilTest {

    static final ChainId A = ChainId.of(1);
    static final ChainId B = ChainId.of(10);
    static final Credentials TRADER = Credentials.create(AnvilHarness.DEV_KEYS.get(1));
    static final Address RELAYER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    static final String ETHERS_KEY = AnvilHarness.DEV_KEYS.get(3);
    static final Address ETHERS_WALLET = Address.evm("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    static final BigInteger USDC = BigInteger.TEN.pow(6);
    static final BigInteger HUGE = BigInteger.TEN.pow(40);

    record Side(ChainId id, AnvilProcess anvil, JsonRpcClient rpc, JsonNode market) {
        Address token(String symbol) {
            return Address.evm(market.path("tokens").path(symbol).asString());
        }

        Address spokePool() {
            return Address.evm(market.path("across").path("spokePool").asString());
        }

        /** Junction's contracts on this chain, deployed by the deploy module. */
        Deployer.Result contracts() {
            return contracts.get(id);
        }
    }

    static final Map<ChainId, Deployer.Result> contracts = new HashMap<>();

    static Side a;
    static Side b;
    static AnvilHarness.Relayer relayer;

    @LocalServerPort
    int port;

    @Autowired
    Market market;

    @Autowired
    Nodes nodes;

    final HttpClient http = HttpClient.newHttpClient();
    final JsonMapper json = JsonMapper.builder().build();

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        a = side(A, "");
        b = side(B, ", {\"address\": \"" + RELAYER + "\", \"native\": \"100\", \"tokens\": {\"USDC\": \"1000000\"}}");
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("junction.market.source", "chain");
        chain(properties, a, b, 2);
        chain(properties, b, a, 1);
        properties.put("junction.rpc.timeout", "5s");
        properties.put("junction.rpc.max-attempts", "2");
        // issue 40: a wallet-sent route watched and pushed to a webhook on loopback
        properties.put("junction.webhooks.allowed-hosts", "127.0.0.1");
        properties.put("junction.webhooks.watch-interval", "200ms");
        properties.put("junction.webhooks.poll-interval", "100ms");
        // Junction's router and adapters, by the deploy command's deployer (CREATE2, owner dev account 0).
        contracts.putAll(TwoChainAcross.deployRouters(properties, a, b));
        properties.forEach((k, v) -> registry.add(k, () -> v));
        for (Side s : List.of(a, b)) {
            send(s, TRADER.getAddress(), s.token("USDC"), approve(s.contracts().router()));
        }
    }

    static Side side(ChainId id, String moreFunds) throws Exception {
        AnvilProcess anvil = AnvilProcess.start(id.value());
        JsonNode deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3000",
                                          "amountA": "200"}]},
                 "across": true,
                 "fund": [{"address": "%s", "native": "100", "tokens": {"USDC": "100000"}},
                          {"address": "%s", "native": "100", "tokens": {"USDC": "100000"}}%s]}
                """.formatted(TRADER.getAddress(), ETHERS_WALLET, moreFunds));
        JsonRpcClient rpc = new JsonRpcClient(List.of(anvil.rpcUrl()),
                RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30)).withAttempts(1, Duration.ZERO, Duration.ZERO));
        return new Side(id, anvil, rpc, deployed);
    }

    static void chain(Map<String, String> p, Side s, Side to, int confirmations) {
        String at = "junction.chains." + s.id().value() + ".";
        p.put(at + "name", "Anvil " + s.id().value());
        p.put(at + "rpc-url", s.anvil().rpcUrl().toString());
        p.put(at + "tokens", s.token("WETH").value() + "," + s.token("USDC").value());
        p.put(at + "wrapped-native", s.token("WETH").value());
        p.put(at + "stablecoins", s.token("USDC").value());
        p.put(at + "dexes.uniswap-v3.kind", "uniswap-v3");
        p.put(at + "dexes.uniswap-v3.factory", s.market().path("uniswapV3").path("factory").asString());
        p.put(at + "dexes.uniswap-v3.fee-tiers", "500");
        p.put(at + "bridges.across.spoke-pool", s.spokePool().value());
        p.put(at + "bridges.across.lanes[0].token", s.token("USDC").value());
        p.put(at + "bridges.across.lanes[0].to-chain", Long.toString(to.id().value()));
        p.put(at + "bridges.across.lanes[0].to-token", to.token("USDC").value());
        p.put(at + "bridges.across.lanes[0].p90-seconds", "30");
        p.put(at + "confirmations", Integer.toString(confirmations));
        p.put(at + "block-time", "1s");
        p.put(at + "max-staleness", "30s");
        p.put(at + "poll-interval", "100ms");
    }

    @AfterAll
    static void stop() {
        TwoChainAcross.stop(relayer, a, b);
    }

    // --- the tests ---

    @Test
    @Order(1)
    void anUnknownHashIs200NotFoundWithAPollHint() throws Exception {
        JsonNode r = get("/status?txHash=0x" + "ab".repeat(32) + "&fromChainId=" + A.value());
        assertThat(r.path("httpStatus").asInt()).isEqualTo(200);
        assertThat(r.path("code").asInt()).isZero();
        assertThat(r.path("data").path("status").asString()).isEqualTo("NOT_FOUND");
        assertThat(r.path("data").path("details").path("pollAfterSeconds").asInt()).isPositive();
    }

    @Test
    @Order(2)
    void aWalletSentSameChainRouteGoesFromThePoolToDoneAfterTheConfirmations() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(1000));
        Transaction tx = builder().build(sameChain("same-chain-1", amount, BigInteger.ONE));
        BigInteger before = balance(a, a.token("WETH"), TRADER.getAddress());
        a.rpc().call("evm_setAutomine", false);
        String hash;
        try {
            hash = sendWeb3j(a, TRADER, tx);
            JsonNode pooled = status(hash, A);
            assertThat(pooled.path("status").asString()).isEqualTo("PENDING");
            assertThat(pooled.path("details").path("substatus").asString()).isEqualTo("RECEIVED");
            assertThat(pooled.path("srcTxDetails").path("timestamp").isNull()).isTrue();
            assertThat(pooled.path("toAsset").path("amount").asString()).isEqualTo("1");
            a.rpc().call("evm_mine");
        } finally {
            a.rpc().call("evm_setAutomine", true);
        }
        JsonNode receipt = receipt(a, hash);
        assertThat(receipt.path("status").asString()).isEqualTo("0x1");
        long block = quantity(receipt.path("blockNumber"));
        JsonNode included = awaitStatus(hash, A, r -> "WAIT_SOURCE_CONFIRMATIONS".equals(
                r.path("details").path("substatus").asString()));
        assertThat(included.path("status").asString()).isEqualTo("PENDING");
        assertThat(included.path("details").path("message").asString()).contains("block " + block, "1 of 2");

        a.rpc().call("evm_mine");
        JsonNode done = awaitStatus(hash, A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger received = balance(a, a.token("WETH"), TRADER.getAddress()).subtract(before);
        assertThat(received).isPositive();
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
        assertThat(done.path("details").path("pollAfterSeconds").isNull()).isTrue();
        assertThat(done.path("srcTxDetails").path("txHash").asString()).isEqualTo(hash);
        assertThat(done.path("srcTxDetails").path("chainId").asLong()).isEqualTo(A.value());
        assertThat(done.path("srcTxDetails").path("timestamp").asLong()).isEqualTo(
                quantity(a.rpc().call("eth_getBlockByNumber", "0x" + Long.toHexString(block), false)
                        .path("timestamp")));
        assertThat(done.path("destTxDetails").isNull()).isTrue();
        assertThat(done.path("fromAsset").path("address").asString()).isEqualTo(a.token("USDC").value());
        assertThat(done.path("fromAsset").path("amount").asString()).isEqualTo(amount.toString());
        assertThat(done.path("fromAsset").path("symbol").asString()).isEqualTo("USDC");
        assertThat(done.path("toAsset").path("address").asString()).isEqualTo(a.token("WETH").value());
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(received.toString());
        assertThat(done.path("routeKind").asString()).isEqualTo("sameChainSwap");
        assertThat(done.path("kind").asString()).isEqualTo("direct");
        assertThat(done.path("provider").path("key").asString()).isEqualTo("uniswap-v3");
        assertThat(done.path("swapId").asString()).isEqualTo(
                TransactionBuilder.quoteId("same-chain-1").value());

        JsonNode mine = get("/status?txHash=" + hash + "&fromChainId=" + A.value() + "&userAddress="
                + TRADER.getAddress()).path("data");
        assertThat(mine.path("status").asString()).isEqualTo("DONE");
        JsonNode other = get("/status?txHash=" + hash + "&fromChainId=" + A.value() + "&userAddress="
                + ETHERS_WALLET).path("data");
        assertThat(other.path("status").asString()).isEqualTo("NOT_FOUND");
    }

    @Test
    @Order(3)
    void aRouteBelowItsMinimumIsFailedWithTheRoutersErrorDecoded() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(500));
        Transaction tx = builder().build(sameChain("reverts-1", amount, HUGE));
        String hash = sendWeb3j(a, TRADER, tx);
        assertThat(receipt(a, hash).path("status").asString()).isEqualTo("0x0");
        a.rpc().call("evm_mine");
        JsonNode failed = awaitStatus(hash, A, r -> "FAILED".equals(r.path("status").asString()));
        assertThat(failed.path("details").path("substatus").asString()).isEqualTo("SLIPPAGE_EXCEEDED");
        assertThat(failed.path("details").path("message").asString())
                .contains("InsufficientOutput", "the route's output", "below its minimum " + HUGE);
        assertThat(failed.path("srcTxDetails").path("txHash").asString()).isEqualTo(hash);
        assertThat(failed.path("fromAsset").path("amount").asString()).isEqualTo(amount.toString());
        assertThat(failed.path("toAsset").path("amount").asString()).isEqualTo("0");
        assertThat(failed.path("routeKind").asString()).isEqualTo("sameChainSwap");
        assertThat(failed.path("details").path("pollAfterSeconds").isNull()).isTrue();
    }

    @Test
    @Order(4)
    void aRouteSentByAnEthersWalletIsDone() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(250));
        RouteCall call = sameChain("ethers-1", amount, BigInteger.ONE, ETHERS_WALLET);
        Transaction tx = builder().build(call);
        ObjectNode request = json.createObjectNode();
        request.put("rpc", a.anvil().rpcUrl().toString()).put("privateKey", ETHERS_KEY)
                .put("fromToken", a.token("USDC").value())
                .put("amount", amount.toString());
        request.putObject("tx").put("to", tx.to().value()).put("data", tx.data()).put("value", tx.value().toString())
                .put("gasLimit", tx.gasLimit().toString()).put("chain", A.value())
                .put("allowanceTarget", tx.allowanceTarget().value());
        request.putArray("watch").add(a.token("WETH").value());
        JsonNode sent = AnvilHarness.sendBuiltTx(request);
        assertThat(sent.path("status").asInt()).isEqualTo(1);
        String hash = sent.path("hash").asString();
        a.rpc().call("evm_mine");
        JsonNode done = awaitStatus(hash, A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger received = new BigInteger(sent.path("balancesAfter").path(a.token("WETH").value()).asString())
                .subtract(new BigInteger(sent.path("balancesBefore").path(a.token("WETH").value()).asString()));
        assertThat(received).isPositive();
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(received.toString());
        assertThat(done.path("srcTxDetails").path("txHash").asString()).isEqualTo(hash);
    }

    @Test
    @Order(5)
    void aBuildBestPathTransactionSentByAWalletIsDoneWithTheQuotedAmount() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(700));
        awaitHead(A, quantity(a.rpc().call("eth_blockNumber")));
        JsonNode built = get("/build-best-path?fromChain=" + A.value() + "&toChain=" + A.value() + "&fromToken="
                + a.token("USDC") + "&toToken=" + a.token("WETH") + "&amount=" + amount + "&sender="
                + TRADER.getAddress() + "&includeRoute=true");
        assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
        JsonNode tx = built.path("data").path("Tx");
        assertThat(Address.evm(tx.path("to").asString())).isEqualTo(a.contracts().router());
        BigInteger before = balance(a, a.token("WETH"), TRADER.getAddress());
        String hash = sendWeb3j(a, TRADER, Address.evm(tx.path("to").asString()), tx.path("data").asString(),
                number(tx.path("value")), number(tx.path("gasLimit")));
        assertThat(receipt(a, hash).path("status").asString()).isEqualTo("0x1");
        a.rpc().call("evm_mine");
        JsonNode done = awaitStatus(hash, A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger received = balance(a, a.token("WETH"), TRADER.getAddress()).subtract(before);
        assertThat(received.toString()).isEqualTo(built.path("data").path("route").path("amountOut").asString());
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(received.toString());
        assertThat(done.path("fromAsset").path("amount").asString()).isEqualTo(amount.toString());
        assertThat(done.path("kind").asString()).isEqualTo("direct");
    }

    @Test
    @Order(6)
    void statusReadsTheNodeOncePerHeadBlock() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(100));
        String hash = sendWeb3j(a, TRADER, builder().build(sameChain("cached-1", amount, BigInteger.ONE)));
        receipt(a, hash);
        JsonRpcClient counted = new JsonRpcClient(List.of(a.anvil().rpcUrl()), RpcSettings.DEFAULT);
        MarketSnapshot[] snapshot = {awaitHead(A, quantity(receipt(a, hash).path("blockNumber")))};
        ChainStatus status = new ChainStatus(nodes.chains().all(),
                chain -> chain.equals(A) ? Optional.of(new EthRpc(counted)) : nodes.find(chain),
                () -> snapshot[0]);
        TxHash tx = new TxHash(hash);
        StatusResult first = status.lookup(tx, A, null);
        assertThat(first.details().substatus()).isEqualTo("WAIT_SOURCE_CONFIRMATIONS");
        long afterFirst = counted.httpRequests();
        assertThat(afterFirst).isPositive();
        for (int i = 0; i < 20; i++) {
            assertThat(status.lookup(tx, A, null)).isEqualTo(first);
        }
        assertThat(counted.httpRequests()).as("polls within one block").isEqualTo(afterFirst);

        a.rpc().call("evm_mine");
        snapshot[0] = awaitHead(A, quantity(receipt(a, hash).path("blockNumber")) + 1);
        StatusResult done = status.lookup(tx, A, null);
        assertThat(done.status()).isEqualTo(SwapStatus.DONE);
        long afterDone = counted.httpRequests();
        assertThat(afterDone).isGreaterThan(afterFirst);
        a.rpc().call("evm_mine");
        snapshot[0] = awaitHead(A, quantity(receipt(a, hash).path("blockNumber")) + 2);
        assertThat(status.lookup(tx, A, null)).isEqualTo(done);
        assertThat(counted.httpRequests()).as("a terminal answer is not read again").isEqualTo(afterDone);
    }

    @Test
    @Order(7)
    void aCrossChainRouteIsDoneWithTheRelayersFillAndItsDeliveredAmount() throws Exception {
        relayer = TwoChainAcross.startRelayer(a, b);
        BigInteger amount = USDC.multiply(BigInteger.valueOf(2000));
        BigInteger before = balance(b, b.token("WETH"), TRADER.getAddress());
        String hash = sendWeb3j(a, TRADER, builder().build(crossChain("cross-1", amount, BigInteger.ONE, 600)));
        assertThat(receipt(a, hash).path("status").asString()).isEqualTo("0x1");
        a.rpc().call("evm_mine");
        JsonNode done = awaitStatus(hash, A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger received = balance(b, b.token("WETH"), TRADER.getAddress()).subtract(before);
        assertThat(received).isPositive();
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
        assertThat(done.path("routeKind").asString()).isEqualTo("crossChainSwap");
        assertThat(done.path("provider").path("key").asString()).isEqualTo("across");
        assertThat(done.path("toAsset").path("chainId").asLong()).isEqualTo(B.value());
        assertThat(done.path("toAsset").path("address").asString()).isEqualTo(b.token("WETH").value());
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(received.toString());
        assertThat(done.path("srcTxDetails").path("txHash").asString()).isEqualTo(hash);
        String fill = done.path("destTxDetails").path("txHash").asString();
        assertThat(done.path("destTxDetails").path("chainId").asLong()).isEqualTo(B.value());
        JsonNode fillTx = b.rpc().call("eth_getTransactionByHash", fill);
        assertThat(Address.evm(fillTx.path("from").asString())).isEqualTo(RELAYER);
        assertThat(Address.evm(fillTx.path("to").asString())).isEqualTo(b.spokePool());
        assertThat(done.path("destTxDetails").path("timestamp").asLong()).isPositive();
    }

    @Test
    @Order(8)
    void aDestinationSwapBelowItsMinimumIsDonePartialWithTheBridgedToken() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(1500));
        BigInteger before = balance(b, b.token("USDC"), TRADER.getAddress());
        String hash = sendWeb3j(a, TRADER, builder().build(crossChain("partial-1", amount, HUGE, 600)));
        assertThat(receipt(a, hash).path("status").asString()).isEqualTo("0x1");
        a.rpc().call("evm_mine");
        JsonNode done = awaitStatus(hash, A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger received = balance(b, b.token("USDC"), TRADER.getAddress()).subtract(before);
        assertThat(received).isEqualTo(amount);
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("PARTIAL");
        assertThat(done.path("details").path("receivedToken").path("address").asString())
                .isEqualTo(b.token("USDC").value());
        assertThat(done.path("details").path("receivedAmount").asString()).isEqualTo(amount.toString());
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo("0");
        assertThat(done.path("destTxDetails").path("txHash").asString()).startsWith("0x");
    }

    @Test
    @Order(9)
    void anUnfilledDepositPastItsFillDeadlineIsExpiredWithTheRefundSubstatusNeverDone() throws Exception {
        relayer.close();
        relayer = null;
        BigInteger amount = USDC.multiply(BigInteger.valueOf(300));
        String hash = sendWeb3j(a, TRADER, builder().build(crossChain("expires-1", amount, BigInteger.ONE, 30)));
        assertThat(receipt(a, hash).path("status").asString()).isEqualTo("0x1");
        a.rpc().call("evm_mine");
        JsonNode waiting = awaitStatus(hash, A, r -> "WAIT_DESTINATION_TRANSACTION".equals(
                r.path("details").path("substatus").asString()));
        assertThat(waiting.path("status").asString()).isEqualTo("PENDING");
        assertThat(waiting.path("destTxDetails").isNull()).isTrue();

        b.rpc().call("evm_increaseTime", 3600);
        b.rpc().call("evm_mine");
        JsonNode expired = awaitStatus(hash, A, r -> !"PENDING".equals(r.path("status").asString()));
        assertThat(expired.path("status").asString()).isEqualTo("EXPIRED");
        assertThat(expired.path("details").path("substatus").asString()).isEqualTo("REFUND_IN_PROGRESS");
        assertThat(expired.path("details").path("message").asString()).contains("fillDeadline", "refunds");
        assertThat(expired.path("details").path("pollAfterSeconds").isNull()).isTrue();
        assertThat(expired.path("toAsset").path("amount").asString()).isEqualTo("0");
        assertThat(expired.path("destTxDetails").isNull()).isTrue();
    }

    @Test
    @Order(10)
    void aWalletSentRouteRegisteredWithStatusWatchIsPushedToDoneWithTheRealHashes() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode hook = post("/webhooks", json.createObjectNode().put("url", receiver.url("/chain")));
            assertThat(hook.path("code").asInt()).as(hook.toString()).isZero();
            BigInteger amount = USDC.multiply(BigInteger.valueOf(400));
            BigInteger before = balance(a, a.token("WETH"), TRADER.getAddress());
            a.rpc().call("evm_setAutomine", false);
            String hash;
            try {
                hash = sendWeb3j(a, TRADER, builder().build(sameChain("watched-1", amount, BigInteger.ONE)));
                JsonNode watch = post("/status/watch", json.createObjectNode().put("txHash", hash)
                        .put("fromChainId", A.value()));
                assertThat(watch.path("code").asInt()).as(watch.toString()).isZero();
                assertThat(watch.path("data").path("txHash").asString()).isEqualTo(hash);
                awaitPushed(receiver, hash, "RECEIVED");
                a.rpc().call("evm_mine");
            } finally {
                a.rpc().call("evm_setAutomine", true);
            }
            awaitPushed(receiver, hash, "WAIT_SOURCE_CONFIRMATIONS");
            a.rpc().call("evm_mine");
            receiver.await(Duration.ofSeconds(60), PushChecks.allEnded(List.of(hash)));
            PushChecks.assertCompleteInOrderSigned(receiver.received(), List.of(hash),
                    hook.path("data").path("secret").asString());
            List<JsonNode> pushed = PushChecks.byTx(receiver.received()).get(hash);
            assertThat(pushed.stream().map(e -> e.path("details").path("substatus").asString()).distinct().toList())
                    .containsExactly("RECEIVED", "WAIT_SOURCE_CONFIRMATIONS", "COMPLETED");
            JsonNode done = pushed.getLast();
            long block = quantity(receipt(a, hash).path("blockNumber"));
            assertThat(done.path("status").asString()).isEqualTo("DONE");
            assertThat(done.path("srcTxDetails").path("txHash").asString()).isEqualTo(hash);
            assertThat(done.path("srcTxDetails").path("timestamp").asLong()).isEqualTo(quantity(a.rpc().call(
                    "eth_getBlockByNumber", "0x" + Long.toHexString(block), false).path("timestamp")));
            assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(
                    balance(a, a.token("WETH"), TRADER.getAddress()).subtract(before).toString());
            assertThat(withoutPushFields(done)).as("the pushed body is /status's answer plus event, sequence, "
                    + "occurredAtMs").isEqualTo(status(hash, A));
        }
    }

    /** Waits until the receiver got the route's change to {@code substatus}. */
    static void awaitPushed(WebhookReceiver receiver, String hash, String substatus) throws InterruptedException {
        receiver.await(Duration.ofSeconds(60), got -> PushChecks.byTx(got).getOrDefault(hash, List.of()).stream()
                .anyMatch(e -> substatus.equals(e.path("details").path("substatus").asString())));
    }

    static JsonNode withoutPushFields(JsonNode pushed) {
        ObjectNode out = (ObjectNode) pushed.deepCopy();
        out.remove(List.of("event", "sequence", "occurredAtMs"));
        return out;
    }

    // --- routes ---

    TransactionBuilder builder() {
        return new TransactionBuilder(AdapterDirectory.deployed(Map.of(A, a.contracts().adapters(), B,
                b.contracts().adapters())));
    }

    RouteCall sameChain(String quoteId, BigInteger amount, BigInteger min) throws Exception {
        return sameChain(quoteId, amount, min, Address.evm(TRADER.getAddress()));
    }

    RouteCall sameChain(String quoteId, BigInteger amount, BigInteger min, Address wallet) throws Exception {
        Pool pool = v3Pool(A);
        long now = now(a);
        SwapCall swap = new SwapCall(pool, a.contracts().router(), a.token("USDC"), a.token("WETH"), Amount.of(amount),
                Amount.of(BigInteger.ONE), Amount.of(BigInteger.ONE));
        return new RouteCall(quoteId, A, a.contracts().router(), wallet, wallet, a.token("USDC"), Amount.of(amount),
                a.token("WETH"), Amount.of(min), 0, Address.ZERO, AcquisitionMode.DIRECT_TRANSFER, "0x",
                BigInteger.ZERO, List.of(swap), now, now + 600, now + 600, 400_000);
    }

    /** USDC on A, Across to B, then USDC -> WETH on B; {@code min} is the route's (and the destination swap's). */
    RouteCall crossChain(String quoteId, BigInteger amount, BigInteger min, long deadlineSeconds) throws Exception {
        Address trader = Address.evm(TRADER.getAddress());
        MarketSnapshot m = market.current();
        BridgeLane lane = m.lanes().stream().filter(l -> l.fromChain().equals(A) && l.toChain().equals(B))
                .findFirst().orElseThrow();
        long now = now(a);
        List<StepCall> steps = new ArrayList<>();
        steps.add(new BridgeCall(lane, a.contracts().router(), b.contracts().router(), Amount.of(amount),
                Amount.of(amount), Amount.of(amount)));
        steps.add(new SwapCall(v3Pool(B), b.contracts().router(), b.token("USDC"), b.token("WETH"), Amount.of(amount),
                Amount.of(BigInteger.ONE), Amount.of(min)));
        return new RouteCall(quoteId, A, a.contracts().router(), trader, trader, a.token("USDC"), Amount.of(amount),
                b.token("WETH"), Amount.of(min), 0, Address.ZERO, AcquisitionMode.DIRECT_TRANSFER, "0x",
                BigInteger.ZERO, steps, now - 1, now + deadlineSeconds, now + deadlineSeconds, 600_000);
    }

    Pool v3Pool(ChainId chain) {
        return market.current().pools(chain).stream().filter(p -> p.provider().equals("uniswap-v3")).findFirst()
                .orElseThrow();
    }

    // --- chain helpers ---

    static String approve(Address spender) {
        return "0x095ea7b3" + "0".repeat(24) + spender.lower().substring(2) + "f".repeat(64);
    }

    static void send(Side s, String from, Address to, String data) {
        String hash = s.rpc().call("eth_sendTransaction", Map.of("from", from.toLowerCase(), "to", to.lower(), "data",
                data)).asString();
        receipt(s, hash);
    }

    static String sendWeb3j(Side s, Credentials wallet, Transaction tx) {
        return sendWeb3j(s, wallet, tx.to(), tx.data(), tx.value(), tx.gasLimit());
    }

    /** Signs an EIP-1559 transaction with web3j and sends it as is; answers its hash. */
    static String sendWeb3j(Side s, Credentials wallet, Address to, String data, BigInteger value, BigInteger gas) {
        BigInteger nonce = BigInteger.valueOf(quantity(s.rpc().call("eth_getTransactionCount", wallet.getAddress(),
                "pending")));
        BigInteger gwei = BigInteger.TEN.pow(9);
        RawTransaction raw = RawTransaction.createTransaction(s.id().value(), nonce, gas, to.value(), value, data, gwei,
                gwei.multiply(BigInteger.valueOf(100)));
        String signed = Numeric.toHexString(TransactionEncoder.signMessage(raw, wallet));
        return s.rpc().call("eth_sendRawTransaction", signed).asString();
    }

    static JsonNode receipt(Side s, String hash) {
        for (int i = 0; i < 500; i++) {
            JsonNode r = s.rpc().call("eth_getTransactionReceipt", hash);
            if (!r.isNull()) {
                return r;
            }
            sleep(20);
        }
        throw new AssertionError("no receipt for " + hash);
    }

    static BigInteger balance(Side s, Address token, String owner) {
        String out = s.rpc().call("eth_call", Map.of("to", token.lower(), "data", "0x70a08231" + "0".repeat(24)
                + owner.toLowerCase().substring(2)), "latest").asString();
        return new BigInteger(out.substring(2), 16);
    }

    static long now(Side s) {
        return quantity(s.rpc().call("eth_getBlockByNumber", "latest", false).path("timestamp"));
    }

    /** A decimal or 0x-hex number of an API answer. */
    static BigInteger number(JsonNode n) {
        String t = n.asString();
        return t.startsWith("0x") ? new BigInteger(t.substring(2), 16) : new BigInteger(t);
    }

    static long quantity(JsonNode hex) {
        return new BigInteger(hex.asString().substring(2), 16).longValueExact();
    }

    MarketSnapshot awaitHead(ChainId chain, long block) {
        for (int i = 0; i < 500; i++) {
            MarketSnapshot m = market.current();
            if (m.head(chain).orElseThrow().blockNumber() >= block) {
                return m;
            }
            sleep(20);
        }
        throw new AssertionError("the market did not reach block " + block + " of chain " + chain);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    // --- HTTP ---

    JsonNode get(String path) throws Exception {
        return JunctionHttp.get(port, path);
    }

    JsonNode post(String path, JsonNode body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        return json.readTree(r.body());
    }

    JsonNode status(String hash, ChainId chain) throws Exception {
        JsonNode r = get("/status?txHash=" + hash + "&fromChainId=" + chain.value());
        assertThat(r.path("httpStatus").asInt()).as(r.toString()).isEqualTo(200);
        return r.path("data");
    }

    /** Polls /status (as a client would, every 100 ms) until {@code until} holds; fails after 60 s. */
    JsonNode awaitStatus(String hash, ChainId chain, Predicate<JsonNode> until) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            last = status(hash, chain);
            if (until.test(last)) {
                return last;
            }
            sleep(100);
        }
        throw new AssertionError("status of " + hash + " did not reach the expected state: " + last);
    }
}
