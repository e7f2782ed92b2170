package dev.junction.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The anvil harness in {@code chains/} works from the build: its Node test suite ({@code node --test}: canonical
 * Permit2/Multicall3, V3 swap = QuoterV2, V2 swap = getAmountsOut, Across fill and expiry with the test relayer)
 * passes, and {@code deploy-market.mjs} run from Java deploys a market whose printed addresses hold code.
 */
class AnvilHarnessTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void nodeSuitePasses() throws Exception {
        AnvilHarness.install();
        String out = AnvilHarness.run(List.of("node", "--test", "--test-concurrency=1", "test/"), 600);
        assertThat(out).contains("# fail 0").doesNotContain("not ok");
    }

    @Test
    void deployMarketPrintsAddressesThatHoldCode() throws Exception {
        try (AnvilProcess anvil = AnvilProcess.start(42161)) {
            JsonNode market = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                    {"tokens": [{"symbol": "USDC", "name": "USD Coin (test)", "decimals": 6}],
                     "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "10"}]},
                     "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3000",
                                              "amountA": "10"}]},
                     "across": true}
                    """);
            assertThat(market.get("chainId").asLong()).isEqualTo(42161);
            assertThat(market.get("permit2").asString()).isEqualTo("0x000000000022D473030F116dDEE9F6B43aC78BA3");
            assertThat(market.get("decimals").get("USDC").asInt()).isEqualTo(6);
            for (String address : List.of(market.get("weth").asString(), market.get("permit2").asString(),
                    market.get("multicall3").asString(), market.get("tokens").get("USDC").asString(),
                    market.get("uniswapV2").get("router02").asString(),
                    market.get("uniswapV2").get("pairs").get("WETH/USDC").asString(),
                    market.get("uniswapV3").get("quoterV2").asString(),
                    market.get("uniswapV3").get("pools").get("WETH/USDC/500").asString(),
                    market.get("across").get("spokePool").asString())) {
                assertThat(code(anvil.rpcUrl(), address)).as(address).isNotEqualTo("0x").hasSizeGreaterThan(100);
            }
        }
    }

    @Test
    void aStoppedNodeComesBackAtTheSameUrlWithItsState() throws Exception {
        Path state = Files.createTempFile("anvil-state", ".json");
        try {
            String weth;
            int port;
            try (AnvilProcess first = AnvilProcess.start(1, "--dump-state", state.toString())) {
                port = first.port();
                weth = AnvilHarness.deployMarket(first.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), "{}").get("weth")
                        .asString();
            }
            try (AnvilProcess again = AnvilProcess.start(1, port, "--load-state", state.toString())) {
                assertThat(again.rpcUrl()).isEqualTo(URI.create("http://127.0.0.1:" + port));
                assertThat(code(again.rpcUrl(), weth)).hasSizeGreaterThan(100);
            }
        } finally {
            Files.deleteIfExists(state);
        }
    }

    private String code(URI rpcUrl, String address) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getCode\",\"params\":[\"" + address
                + "\",\"latest\"]}";
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(rpcUrl)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(r.body()).get("result").asString();
    }
}
