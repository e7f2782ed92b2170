package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.deploy.Deployer;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import dev.junction.status.ChainStatusAnvilTest.Side;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import java.math.BigInteger;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 37's cross-chain split on two anvil chains with real bytecode (Junction's router and adapters deployed by the
 * deploy module; Uniswap V3 with two WETH/USDC pools of different fee tiers on each chain, WETH9, Permit2 and Across
 * SpokePools from npm; the Across test relayer): 40 WETH on chain 1 to WETH on chain 10 is quoted by
 * {@code /build-best-path} as a {@code crossChainSplitSwap} (WETH -> USDC split over the two pools, one Across bridge
 * of USDC, USDC -> WETH split over the two pools of the destination, run by the router's Across handler at fill), sent
 * by an ethers v6 wallet, and the receiver gets exactly the quoted {@code amountOut} on chain 10; nothing stays in
 * the routers or the adapters.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CrossChainSplitAnvilTest {

    static final ChainId A = ChainId.of(1);
    static final ChainId B = ChainId.of(10);
    static final String WALLET_KEY = AnvilHarness.DEV_KEYS.get(3);
    static final Address WALLET = Address.evm("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    static final Address RELAYER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    static final Address RECEIVER = Address.evm("0x00000000000000000000000000000000000BEEF2");

    static final Map<ChainId, Deployer.Result> contracts = new HashMap<>();
    static Side a;
    static Side b;
    static AnvilHarness.Relayer relayer;

    @LocalServerPort
    int port;


    /** A chain with two WETH/USDC pools (0.05% and 0.3%) of 200 WETH each at $3000, Across, the wallet funded. */
    static Side side(ChainId id) throws Exception {
        AnvilProcess anvil = AnvilProcess.start(id.value());
        JsonNode deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3000", "amountA": "200"},
                                         {"a": "WETH", "b": "USDC", "fee": 3000, "priceAInB": "3000",
                                          "amountA": "200"}]},
                 "across": true,
                 "fund": [{"address": "%s", "native": "100", "tokens": {"USDC": "100000", "WETH": "60"}},
                          {"address": "%s", "native": "100", "tokens": {"USDC": "1000000"}}]}
                """.formatted(WALLET, RELAYER));
        JsonRpcClient rpc = new JsonRpcClient(List.of(anvil.rpcUrl()),
                RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30)).withAttempts(1, Duration.ZERO, Duration.ZERO));
        return new Side(id, anvil, rpc, deployed);
    }

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        a = side(A);
        b = side(B);
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("junction.market.source", "chain");
        ChainStatusAnvilTest.chain(properties, a, b, 1);
        ChainStatusAnvilTest.chain(properties, b, a, 1);
        for (Side s : List.of(a, b)) {
            properties.put("junction.chains." + s.id().value() + ".dexes.uniswap-v3.fee-tiers", "500,3000");
        }
        properties.put("junction.rpc.timeout", "5s");
        properties.put("junction.rpc.max-attempts", "2");
        properties.put("junction.rate-limit.enabled", "false");
        contracts.putAll(TwoChainAcross.deployRouters(properties, a, b));
        properties.forEach((k, v) -> registry.add(k, () -> v));
        relayer = TwoChainAcross.startRelayer(a, b);
    }

    @AfterAll
    static void stop() {
        TwoChainAcross.stop(relayer, a, b);
    }

    @Test
    void aCrossChainSplitSentByAnEthersWalletDeliversExactlyTheQuotedAmount() throws Exception {
        BigInteger amount = BigInteger.TEN.pow(18).multiply(BigInteger.valueOf(40));
        JsonNode built = get("/build-best-path?fromChain=" + A.value() + "&toChain=" + B.value() + "&fromToken="
                + a.token("WETH") + "&toToken=" + b.token("WETH") + "&amount=" + amount + "&sender=" + WALLET
                + "&receiver=" + RECEIVER + "&includeRoute=true");
        assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
        JsonNode route = built.path("data").path("route");
        assertThat(route.path("pathType").asString()).as(route.toString()).isEqualTo("crossChainSplitSwap");
        int bridge = -1;
        boolean sourceLegs = false;
        boolean destinationLegs = false;
        for (int i = 0; i < route.path("path").size(); i++) {
            JsonNode s = route.path("path").get(i);
            if ("bridge".equals(s.path("stepType").asString())) {
                assertThat(bridge).as("one bridge").isEqualTo(-1);
                assertThat(s.has("leg")).isFalse();
                bridge = i;
            } else if (s.has("leg")) {
                sourceLegs |= bridge < 0;
                destinationLegs |= bridge >= 0;
            }
        }
        assertThat(sourceLegs).as("the source swap split: " + route).isTrue();
        assertThat(destinationLegs).as("the destination swap split: " + route).isTrue();

        JsonNode tx = built.path("data").path("Tx");
        JsonNode sent = AnvilHarness.sendBuiltTx(a.anvil().rpcUrl().toString(), WALLET_KEY, A.value(),
                a.token("WETH"), amount, tx);

        JsonNode done = awaitDone(sent.path("hash").asString());
        assertThat(done.path("details").path("substatus").asString()).as(done.toString()).isEqualTo("COMPLETED");
        BigInteger received = DestinationCallAnvilTest.balance(b, b.token("WETH"), RECEIVER);
        assertThat(received.toString()).isEqualTo(route.path("amountOut").asString());
        assertThat(DestinationCallAnvilTest.balance(b, b.token("USDC"), RECEIVER)).isZero();
        for (Side s : List.of(a, b)) {
            Deployer.Result c = contracts.get(s.id());
            for (String symbol : List.of("USDC", "WETH")) {
                assertThat(DestinationCallAnvilTest.balance(s, s.token(symbol), c.router())).isZero();
                for (Address adapter : c.adapters().values()) {
                    assertThat(DestinationCallAnvilTest.balance(s, s.token(symbol), adapter)).isZero();
                }
            }
        }
    }

    JsonNode get(String path) throws Exception {
        return JunctionHttp.get(port, path);
    }

    /** Polls /status every 100 ms until DONE, mining a block on each chain each time; 60 s at most. */
    JsonNode awaitDone(String hash) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            last = get("/status?txHash=" + URLEncoder.encode(hash, StandardCharsets.UTF_8) + "&fromChainId="
                    + A.value()).path("data");
            if ("DONE".equals(last.path("status").asString()) || "FAILED".equals(last.path("status").asString())) {
                return last;
            }
            a.rpc().call("evm_mine");
            b.rpc().call("evm_mine");
            ChainStatusAnvilTest.sleep(100);
        }
        throw new AssertionError("status of " + hash + " did not reach DONE: " + last);
    }
}
