package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.junction.chain.Address;
import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /quote} end to end on the routing test market: the response shape (2.2-2.5) and every request rule. */
@SpringBootTest
@AutoConfigureMockMvc
@Import(QuoteControllerTest.Config.class)
class QuoteControllerTest {

    static final String SENDER = "0x1111111111111111111111111111111111111111";
    static final String CROSS = "/quote?fromChain=1&toChain=42161&fromToken=" + TestMarket.WETH + "&toToken="
            + TestMarket.ARB_USDC + "&amount=1000000000000000000&sender=" + SENDER;

    @TestConfiguration(proxyBeanMethods = false)
    static class Config {
        @Bean
        @Primary
        Market routingTestMarket() {
            return TestMarket.standard().market();
        }

        @Bean
        @ConditionalOnMissingBean
        SimulationClock testSimulationClock() {
            return new SimulationClock(Clock.systemUTC(), 1.0);
        }
    }

    @Autowired
    MockMvc mvc;
    @Autowired
    QuoteStore store;
    private final JsonMapper json = JsonMapper.builder().build();

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> routes(MvcResult r) throws Exception {
        Map<String, Object> envelope = json.readValue(r.getResponse().getContentAsString(), Map.class);
        assertThat(envelope.get("code")).isEqualTo(0);
        assertThat(envelope.get("message")).isEqualTo("ok");
        return (List<Map<String, Object>>) envelope.get("data");
    }

    @Test
    @SuppressWarnings("unchecked")
    void crossChainQuoteHasExactlyTheInterfaceFields() throws Exception {
        long before = Instant.now().getEpochSecond();
        List<Map<String, Object>> routes = routes(mvc.perform(get(CROSS)).andExpect(status().isOk()).andReturn());
        assertThat(routes).isNotEmpty().hasSizeLessThanOrEqualTo(5);
        Map<String, Object> r = routes.getFirst();
        assertThat(r.keySet()).containsExactlyInAnyOrder("amount", "amountOut", "amountOutUsd", "amountUsd",
                "bridgeCount", "expiry", "fees", "fromToken", "gasFee", "minAmountOut", "minAmountOutUsd", "path",
                "pathId", "pathTime", "pathType", "providers", "quoteId", "receiver", "routeAddress", "sender",
                "toToken");
        assertThat(((Map<String, Object>) r.get("fees")).keySet()).containsExactlyInAnyOrder("integratorFee",
                "integratorFeeUsd", "pathFee", "pathFeeUsd");
        Map<String, Object> gas = (Map<String, Object>) r.get("gasFee");
        assertThat(gas.keySet()).containsExactlyInAnyOrder("gasFee", "gasFeeUsd", "gasLimit", "gasToken");
        Set<String> tokenFields = Set.of("address", "chain", "decimals", "icon", "name", "priceUsd", "symbol");
        assertThat(((Map<String, Object>) r.get("fromToken")).keySet()).isEqualTo(tokenFields);
        assertThat(((Map<String, Object>) gas.get("gasToken")).get("address")).isEqualTo(Address.NATIVE.value());
        List<Map<String, Object>> path = (List<Map<String, Object>>) r.get("path");
        for (Map<String, Object> step : path) {
            assertThat(step.keySet()).containsExactlyInAnyOrder("bridgeFee", "chain", "estimatedTime", "fee",
                    "fromAmount", "fromChain", "fromToken", "provider", "stepType", "toAmount", "toChain", "toToken");
            assertThat(((Map<String, Object>) step.get("provider")).keySet()).containsExactlyInAnyOrder("icon", "name",
                    "type");
            assertThat(((Map<String, Object>) step.get("toToken")).keySet()).isEqualTo(tokenFields);
        }
        assertThat(path.getFirst().get("fromAmount")).isEqualTo("1000000000000000000");
        assertThat(path.getLast().get("toAmount")).isEqualTo(r.get("amountOut"));
        assertThat(r.get("bridgeCount")).isEqualTo(1);
        assertThat(r.get("pathType")).isEqualTo("crossChainSwap");
        assertThat(r.get("receiver")).isEqualTo(SENDER);
        assertThat(r.get("sender")).isEqualTo(SENDER);
        assertThat(r.get("routeAddress")).isEqualTo(TestMarket.ROUTER.value());
        // default slippage 0.5%: floor(amountOut * 0.995), and no slippage field
        BigInteger out = new BigInteger((String) r.get("amountOut"));
        assertThat(r.get("minAmountOut")).isEqualTo(new BigDecimal(out).multiply(new BigDecimal("0.995"))
                .setScale(0, RoundingMode.FLOOR).toBigInteger().toString());
        long expiry = ((Number) r.get("expiry")).longValue();
        assertThat(expiry).isBetween(before + 60, Instant.now().getEpochSecond() + 60);
        assertThat(routes).extracting(x -> x.get("quoteId")).containsOnly(r.get("quoteId"));
        assertThat(routes.stream().map(x -> x.get("pathId")).distinct().count()).isEqualTo(routes.size());
        // max_value: net value descending
        for (int i = 1; i < routes.size(); i++) {
            assertThat(net(routes.get(i - 1))).isGreaterThanOrEqualTo(net(routes.get(i)));
        }
        // persisted: findable by pathId with the plan
        StoredQuote stored = store.byPathId((String) routes.get(1).get("pathId")).orElseThrow();
        assertThat(stored.quoteId()).isEqualTo(r.get("quoteId"));
        assertThat(stored.routes().get(1).plan()).isNotNull();
    }

    @SuppressWarnings("unchecked")
    private static double net(Map<String, Object> route) {
        return ((Number) route.get("amountOutUsd")).doubleValue()
                - ((Number) ((Map<String, Object>) route.get("gasFee")).get("gasFeeUsd")).doubleValue();
    }

    @Test
    void echoesAndExplicitSlippageAndFee() throws Exception {
        String receiver = "0x2222222222222222222222222222222222222222";
        List<Map<String, Object>> routes = routes(mvc.perform(get("/v1" + CROSS + "&receiver=" + receiver
                + "&slippage=1&feeBps=30&Integrator=acme&Referrer=partner-1&acquisitionMode=0")).andExpect(status().isOk())
                .andReturn());
        Map<String, Object> r = routes.getFirst();
        assertThat(r.get("receiver")).isEqualTo(receiver);
        assertThat(r.get("integratorId")).isEqualTo("acme");
        assertThat(((Number) r.get("slippage")).doubleValue()).isEqualTo(1.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> fees = (Map<String, Object>) r.get("fees");
        assertThat(fees.get("integratorFee")).isEqualTo("3000000000000000"); // 1e18 * 30 / 10000
        BigInteger out = new BigInteger((String) r.get("amountOut"));
        assertThat(r.get("minAmountOut")).isEqualTo(out.multiply(BigInteger.valueOf(99)).divide(BigInteger.valueOf(100))
                .toString());
        StoredQuote stored = store.byQuoteId((String) r.get("quoteId")).orElseThrow();
        assertThat(stored.request().referrer()).isEqualTo("partner-1");
        assertThat(stored.request().acquisitionMode().code()).isZero();
    }

    @Test
    void fastestRanksByPathTime() throws Exception {
        List<Map<String, Object>> routes = routes(mvc.perform(get(CROSS + "&routeMode=fastest")).andReturn());
        for (int i = 1; i < routes.size(); i++) {
            assertThat(((Number) routes.get(i - 1).get("pathTime")).intValue())
                    .isLessThanOrEqualTo(((Number) routes.get(i).get("pathTime")).intValue());
        }
    }

    @Test
    void unknownProviderKeyIs1002ListingTheValidKeys() throws Exception {
        mvc.perform(get(CROSS + "&includeProvider=Across,nope")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code").value(1002))
                .andExpect(jsonPath("$.data.param").value("includeProvider"))
                .andExpect(jsonPath("$.message").value("includeProvider has unknown provider key nope; valid keys: "
                        + "across, cctp, curve, pancakeswap, stargate, sushiswap, uniswap-v2"));
        mvc.perform(get(CROSS + "&excludeProvider=UNISWAP-V2&excludeProvider=cctp,Stargate")).andExpect(status().isOk());
    }

    @Test
    void acquisitionModeMustMatchTheInputToken() throws Exception {
        mvc.perform(get(CROSS + "&acquisitionMode=1")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code").value(1002)).andExpect(jsonPath("$.data.param").value("acquisitionMode"));
        String nativeIn = "/quote?fromChain=1&toChain=1&fromToken=" + Address.NATIVE + "&toToken=" + TestMarket.USDC
                + "&amount=1000000000000000000&sender=" + SENDER;
        mvc.perform(get(nativeIn + "&acquisitionMode=2")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code").value(1002));
        mvc.perform(get(nativeIn + "&acquisitionMode=1")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].pathType").value("sameChainSwap"))
                .andExpect(jsonPath("$.data[0].fromToken.address").value(Address.NATIVE.value()));
    }

    @Test
    void noRouteFailuresAre422WithTheirCodes() throws Exception {
        String base = "/quote?fromChain=1&toChain=42161&fromToken=" + TestMarket.USDC + "&toToken=" + TestMarket.ARB_USDC
                + "&sender=" + SENDER;
        mvc.perform(get(base + "&amount=999999")).andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.code").value(3002));
        mvc.perform(get(base + "&amount=1000000&feeBps=10000")).andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.code").value(3004));
        mvc.perform(get(base + "&amount=1000000&includeProvider=curve")).andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.code").value(3001))
                .andExpect(jsonPath("$.message").value("no bridge lane from chain 1 to chain 42161 with the provider filter"));
        mvc.perform(get("/quote?fromChain=1&toChain=1&fromToken=" + TestMarket.USDC + "&toToken=" + TestMarket.USDC
                + "&amount=5&sender=" + SENDER)).andExpect(status().isBadRequest()).andExpect(jsonPath("$.code").value(1002));
    }
}
