package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.execution.SwapState;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.SwapView;
import dev.junction.execution.Swaps;
import dev.junction.market.Market;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** GET /status over the whole application: a swap accepted by the executor is tracked until DONE. */
@SpringBootTest(properties = {"junction.simulation.clock-speed=600", "junction.execution.poll-interval-ms=20"})
@AutoConfigureMockMvc
class StatusEndpointTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TestConfiguration
    static class Config {
        @Bean
        @Primary
        Market executionTestMarket() {
            return TestMarket.execution().market();
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    Swaps swaps;

    @Autowired
    Market market;

    @Test
    void aSwapIsTrackedFromAcceptanceToDoneWithTheInterfaceFields() throws Exception {
        SwapSubmission sub = swaps.submit(TestMarket.sameChain(BigInteger.ONE, Instant.now().plusSeconds(86_400 * 365),
                null));
        awaitDone(sub.swapId());
        String user = TestMarket.USER.value().toLowerCase();

        JsonNode body = get("/status?txHash=" + sub.sourceTxHash() + "&fromChainId=1&userAddress=" + user, 200);
        JsonNode v1 = get("/v1/status?txHash=" + sub.sourceTxHash() + "&fromChainId=1", 200);

        assertThat(body.get("code").asInt()).isZero();
        JsonNode data = body.get("data");
        assertThat(data.get("status").asString()).isEqualTo("DONE");
        assertThat(data.get("details").get("substatus").asString()).isEqualTo("COMPLETED");
        assertThat(data.get("details").get("pollAfterSeconds").isNull()).isTrue();
        assertThat(data.get("kind").asString()).isEqualTo("gasless");
        assertThat(data.get("routeKind").asString()).isEqualTo("sameChainSwap");
        assertThat(data.get("provider").get("key").asString()).isEqualTo("uniswap-v2");
        assertThat(data.get("provider").get("name").asString()).isEqualTo("Uniswap V2");
        assertThat(data.get("fromAsset").get("symbol").asString()).isEqualTo("USDC");
        assertThat(data.get("fromAsset").get("decimals").asInt()).isEqualTo(6);
        assertThat(data.get("fromAsset").get("amount").asString()).isEqualTo("1000000000");
        assertThat(data.get("toAsset").get("symbol").asString()).isEqualTo("WETH");
        assertThat(data.get("srcTxDetails").get("txHash").asString()).isEqualTo(sub.sourceTxHash().value());
        assertThat(data.get("srcTxDetails").get("chainId").asLong()).isEqualTo(1);
        assertThat(data.get("srcTxDetails").get("chainLogo").asString()).isEqualTo("https://logo/eth.svg");
        assertThat(data.get("srcTxDetails").get("timestamp").isIntegralNumber()).isTrue();
        assertThat(data.has("destTxDetails")).isTrue();
        assertThat(data.get("destTxDetails").isNull()).isTrue();
        assertThat(data.get("swapId").asString()).isEqualTo(sub.swapId());
        assertThat(data.get("executorTxId").asString()).isEqualTo(sub.executorTxId());
        assertThat(data.get("updatedAtMs").asLong()).isPositive();
        assertThat(v1.get("data")).isEqualTo(data);
    }

    @Test
    void anotherWalletsSwapIsNotFound() throws Exception {
        SwapSubmission sub = swaps.submit(TestMarket.sameChain(BigInteger.ONE, Instant.now().plusSeconds(86_400 * 365),
                null));

        JsonNode body = get("/status?txHash=" + sub.sourceTxHash() + "&fromChainId=1&userAddress="
                + "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", 200);

        assertThat(body.get("data").get("status").asString()).isEqualTo("NOT_FOUND");
        assertThat(body.get("data").get("swapId").isNull()).isTrue();
    }

    @Test
    void anUnknownHashIs200NotFoundWithPollAfterSeconds() throws Exception {
        JsonNode body = get("/status?txHash=0x" + "ab".repeat(32) + "&fromChainId=42161", 200);

        assertThat(body.get("code").asInt()).isZero();
        assertThat(body.get("data").get("status").asString()).isEqualTo("NOT_FOUND");
        assertThat(body.get("data").get("details").get("pollAfterSeconds").asInt()).isPositive();
    }

    @Test
    void aMalformedHashIs1002() throws Exception {
        JsonNode body = get("/status?txHash=0x1234&fromChainId=1", 400);

        assertThat(body.get("code").asInt()).isEqualTo(1002);
    }

    private JsonNode get(String uri, int status) throws Exception {
        MockHttpServletResponse r = mvc.perform(MockMvcRequestBuilders.get(uri)).andReturn().getResponse();
        assertThat(r.getStatus()).as(r.getContentAsString()).isEqualTo(status);
        return JSON.readTree(r.getContentAsString());
    }

    private void awaitDone(String swapId) throws InterruptedException {
        long end = System.nanoTime() + 30_000_000_000L;
        SwapView v = swaps.find(swapId).orElseThrow();
        while (v.state() != SwapState.DONE && System.nanoTime() < end) {
            Thread.sleep(20);
            v = swaps.find(swapId).orElseThrow();
        }
        assertThat(v.state()).isEqualTo(SwapState.DONE);
    }
}
