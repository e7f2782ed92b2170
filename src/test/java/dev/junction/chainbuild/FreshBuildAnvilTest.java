package dev.junction.chainbuild;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 38's proof on anvil (real Uniswap V3 bytecode, Junction's router deployed by the deploy command): five routes on
 * the same pool, each built right after the previous one's receipt and sent by an ethers v6 wallet, each deliver
 * exactly their {@code amountOut}. The follower polls the node only every 30 s here, so only the build learning the
 * node's head (and the market catching up to it) can explain a build on the state after the previous swap.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FreshBuildAnvilTest {

    static final long CHAIN = 31_337;
    static final String WALLET_KEY = AnvilHarness.DEV_KEYS.get(2);
    static final Address WALLET = Address.evm(Credentials.create(WALLET_KEY).getAddress());
    static final JsonMapper JSON = JsonMapper.builder().build();

    static AnvilProcess anvil;
    static JsonNode deployment;
    static String weth;
    static String usdc;

    @LocalServerPort
    int port;


    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        JsonNode market = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 3000, "priceAInB": "3000",
                                          "amountA": "400"}]},
                 "fund": [{"address": "%s", "native": "100", "tokens": {"USDC": "1000000", "WETH": "100"}}]}
                """.formatted(WALLET));
        weth = market.path("tokens").path("WETH").asString();
        usdc = market.path("tokens").path("USDC").asString();
        String v3 = market.path("uniswapV3").path("factory").asString();
        deployment = ChainBuildAnvil.deployJunction(anvil, CHAIN, List.of(weth, usdc), weth, List.of(usdc),
                List.of("uniswap-v3: {kind: uniswap-v3, factory: \"%s\", fee-tiers: [3000]}".formatted(v3)),
                AnvilHarness.DEV_KEYS.get(0));
        Map<String, String> chain = new LinkedHashMap<>();
        chain.put("name", "Anvil");
        chain.put("rpc-url", anvil.rpcUrl().toString());
        chain.put("tokens", weth + "," + usdc);
        chain.put("wrapped-native", weth);
        chain.put("stablecoins", usdc);
        chain.put("dexes.uniswap-v3.kind", "uniswap-v3");
        chain.put("dexes.uniswap-v3.factory", v3);
        chain.put("dexes.uniswap-v3.fee-tiers", "3000");
        chain.put("router", deployment.path(Long.toString(CHAIN)).path("router").asString());
        chain.put("block-time", "2s");
        // the follower's own polling cannot explain a fresh build: it polls once a minute, and the market stays fresh
        chain.put("poll-interval", "60s");
        chain.put("max-staleness", "10m");
        registry.add("junction.market.source", () -> "chain");
        chain.forEach((key, value) -> registry.add("junction.chains." + CHAIN + "." + key, () -> value));
        registry.add("junction.rate-limit.enabled", () -> "false");
    }

    @AfterAll
    static void stop() throws Exception {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    void fiveRoutesBuiltBackToBackOnOnePoolEachDeliverExactlyTheirAmountOut() throws Exception {
        for (int i = 0; i < 5; i++) {
            BigInteger amount = BigInteger.valueOf(5_000 + 1_000L * i).multiply(BigInteger.TEN.pow(6));
            JsonNode built = get("/build-best-path?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                    + "&toToken=" + weth + "&amount=" + amount + "&sender=" + WALLET + "&includeRoute=true");
            assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
            JsonNode tx = built.path("data").path("Tx");
            JsonNode route = built.path("data").path("route");
            ObjectNode send = JSON.createObjectNode();
            send.put("rpc", anvil.rpcUrl().toString()).put("privateKey", WALLET_KEY).put("fromToken", usdc)
                    .put("amount", amount.toString()).set("tx", tx);
            send.putArray("watch").add(weth);
            JsonNode sent = AnvilHarness.sendBuiltTx(send);
            assertThat(sent.path("status").asInt()).as("route %d: %s", i + 1, sent).isEqualTo(1);
            BigInteger delivered = new BigInteger(sent.path("balancesAfter").path(weth).asString())
                    .subtract(new BigInteger(sent.path("balancesBefore").path(weth).asString()));
            assertThat(delivered).as("route %d of 5, built at block %s, mined in block %s", i + 1,
                    route.path("blockNumber").asString(), sent.path("blockNumber").asString())
                    .isEqualTo(new BigInteger(route.path("amountOut").asString()));
        }
    }

    JsonNode get(String path) throws Exception {
        return JunctionHttp.get(port, path);
    }
}
