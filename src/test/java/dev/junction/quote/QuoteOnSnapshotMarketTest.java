package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /quote} on the embedded market snapshot (the production Market bean). */
@SpringBootTest
@AutoConfigureMockMvc
class QuoteOnSnapshotMarketTest {

    static final String SENDER = "0x1111111111111111111111111111111111111111";

    @Autowired
    MockMvc mvc;

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> routes(String query) throws Exception {
        String body = mvc.perform(get("/quote?" + query + "&sender=" + SENDER)).andExpect(status().isOk()).andReturn()
                .getResponse().getContentAsString();
        Map<String, Object> envelope = JsonMapper.builder().build().readValue(body, Map.class);
        return (List<Map<String, Object>>) envelope.get("data");
    }

    @Test
    @SuppressWarnings("unchecked")
    void nativeEthereumToArbitrumUsdcChainsEveryStep() throws Exception {
        List<Map<String, Object>> routes = routes("fromChain=1&toChain=42161"
                + "&fromToken=0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"
                + "&toToken=0xaf88d065e77c8cC2239327C5EDb3A432268e5831&amount=500000000000000000");
        assertThat(routes).hasSizeBetween(1, 5);
        for (Map<String, Object> r : routes) {
            List<Map<String, Object>> path = (List<Map<String, Object>>) r.get("path");
            assertThat(path).hasSizeLessThanOrEqualTo(4);
            assertThat(path.getFirst().get("fromAmount")).isEqualTo("500000000000000000");
            for (int i = 1; i < path.size(); i++) {
                assertThat(path.get(i).get("fromAmount")).isEqualTo(path.get(i - 1).get("toAmount"));
            }
            assertThat(path.getLast().get("toAmount")).isEqualTo(r.get("amountOut"));
            assertThat(new BigInteger((String) r.get("amountOut"))).isPositive();
            assertThat(r.get("bridgeCount")).isEqualTo(1);
            assertThat(r.get("pathType")).isIn("crossChainSwap", "bridge");
            assertThat(r).doesNotContainKeys("slippage", "integratorId");
        }
    }

    @Test
    void sameChainStablecoinsWith18And6Decimals() throws Exception {
        List<Map<String, Object>> routes = routes("fromChain=1&toChain=1"
                + "&fromToken=0x6B175474E89094C44Da98b954EedeAC495271d0F"
                + "&toToken=0xdAC17F958D2ee523a2206206994597C13D831ec7&amount=1000000000000000000000&routeMode=fastest");
        Map<String, Object> best = routes.getFirst();
        assertThat(best.get("pathType")).isEqualTo("sameChainSwap");
        // about 1000 USDT (6 decimals) for 1000 DAI (18 decimals)
        assertThat(new BigInteger((String) best.get("amountOut"))).isBetween(BigInteger.valueOf(990_000_000L),
                BigInteger.valueOf(1_010_000_000L));
    }
}
