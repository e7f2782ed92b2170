package dev.junction.calldata;

import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.market.Market;
import dev.junction.support.TestMarket;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * /build-best-path on chains with deployment lists: the best route Junction can build there, not the best-ranked one
 * when that cannot be built; 3008 only when none can. Chain 1 has an adapter for SushiSwap only (the market's best
 * USDC to WETH route is Uniswap V2's), chain 42161 has none.
 */
@SpringBootTest(properties = {"junction.market.living=false", "junction.quote.ttl=60s"})
@AutoConfigureMockMvc
@Import(BuildBestBuildableRouteTest.Deployed.class)
class BuildBestBuildableRouteTest {

    static final Address SUSHI_ADAPTER = Address.evm("0x5555555555555555555555555555555555555555");

    @Autowired
    MockMvc mvc;

    final JsonMapper json = JsonMapper.builder().build();

    @TestConfiguration(proxyBeanMethods = false)
    static class Deployed {
        @Bean
        @Primary
        Market deployedMarket() {
            return TestMarket.inMemory(BuildEndpointsTest.snapshot());
        }

        @Bean
        @Primary
        AdapterDirectory deployedAdapters() {
            return AdapterDirectory.deployed(Map.of(ETH, Map.of("sushiswap", SUSHI_ADAPTER), ARB, Map.of()));
        }
    }

    JsonNode answer(MockHttpServletRequestBuilder r, int status) throws Exception {
        MockHttpServletResponse response = mvc.perform(r).andReturn().getResponse();
        JsonNode body = json.readTree(response.getContentAsString());
        assertThat(response.getStatus()).as(body.toString()).isEqualTo(status);
        return body;
    }

    static MockHttpServletRequestBuilder usdcToWeth(String path, String toChain, Address toToken) {
        return get(path).param("fromChain", "1").param("toChain", toChain).param("fromToken", ETH_USDC.value())
                .param("toToken", toToken.value()).param("amount", "1000000000")
                .param("sender", BuildEndpointsTest.WALLET);
    }

    @Test
    void buildBestPathBuildsTheBestRouteThatHasAdaptersAndQuoteStillRanksTheOthers() throws Exception {
        JsonNode routes = answer(usdcToWeth("/quote", "1", ETH_WETH), 200).get("data");
        assertThat(routes.get(0).get("providers").get(0).get("name").asString()).as("best ranked")
                .isEqualTo("uniswap-v2");

        JsonNode data = answer(usdcToWeth("/build-best-path", "1", ETH_WETH).param("includeRoute", "true"), 200)
                .get("data");
        assertThat(data.get("route").get("providers").get(0).get("name").asString()).isEqualTo("sushiswap");
        var exec = Decoded.executeRoute(Hex.decode(data.get("Tx").get("data").asString()));
        assertThat(exec.steps()).hasSize(1);
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(SUSHI_ADAPTER);

        // /build-path without a pathId builds "the best route" the same way
        String body = "{\"fromChain\":1,\"toChain\":1,\"fromToken\":\"" + ETH_USDC.value()
                + "\",\"toToken\":\"" + ETH_WETH.value() + "\",\"Amount\":\"1000000000\",\"Sender\":\""
                + BuildEndpointsTest.WALLET + "\"}";
        JsonNode tx = answer(post("/build-path").contentType(MediaType.APPLICATION_JSON).content(body), 200)
                .get("data");
        var built = Decoded.executeRoute(Hex.decode(tx.get("data").asString()));
        assertThat(Address.evm(built.steps().get(0).adapter.getValue())).isEqualTo(SUSHI_ADAPTER);
    }

    @Test
    void anExplicitPathIdOfARouteWithoutAdaptersIsStillRefused() throws Exception {
        JsonNode best = answer(usdcToWeth("/quote", "1", ETH_WETH), 200).get("data").get(0);
        String body = "{\"pathId\":\"" + best.get("pathId").asString() + "\",\"fromChain\":1,\"toChain\":1,"
                + "\"fromToken\":\"" + ETH_USDC.value() + "\",\"toToken\":\"" + ETH_WETH.value()
                + "\",\"Amount\":\"1000000000\",\"Sender\":\"" + BuildEndpointsTest.WALLET + "\"}";
        JsonNode refused = answer(post("/build-path").contentType(MediaType.APPLICATION_JSON).content(body), 422);
        assertThat(refused.get("code").asInt()).isEqualTo(3008);
        assertThat(refused.get("message").asString()).contains("uniswap-v2");
    }

    @Test
    void withNoBuildableRouteTheBestRoutesReasonIs3008() throws Exception {
        JsonNode refused = answer(usdcToWeth("/build-best-path", "42161", ARB_WETH), 422);
        assertThat(refused.get("code").asInt()).as(refused.toString()).isEqualTo(3008);
        assertThat(refused.get("data").get("param").asString()).isEqualTo("providers");
        assertThat(refused.get("message").asString()).contains("across").contains("chain 1");
    }
}
