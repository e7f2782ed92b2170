package dev.junction.gasless;

import static dev.junction.gasless.GaslessFixture.KEY;
import static dev.junction.gasless.GaslessFixture.OWNER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.PlanStep;
import dev.junction.market.SimulationClock;
import dev.junction.status.StatusResult;
import dev.junction.status.StatusService;
import java.time.Clock;
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
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A gasless split route in the sandbox: README's 1,000 WETH -> USDC on Ethereum quoted with Permit2 witness mode 3
 * is a split (its stored plan starts each leg with a leg step), signed with ethers v6 as an integrator signs, submitted,
 * and run by the embedded network as the router runs it: the swap reaches DONE delivering exactly the quoted amountOut.
 * The same for a cross-chain split (its source swap, destination swap or both split, the bridge one step).
 */
@SpringBootTest(properties = "junction.market.living=false")
@AutoConfigureMockMvc
@Import(GaslessSplitSandboxTest.Config.class)
class GaslessSplitSandboxTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

    @TestConfiguration(proxyBeanMethods = false)
    static class Config {
        /** The simulation clock at 600x, so Ethereum's confirmations pass in well under a second. */
        @Bean
        @Primary
        SimulationClock splitTestClock() {
            return new SimulationClock(Clock.systemUTC(), 600);
        }
    }

    @Autowired
    MockMvc mvc;
    @Autowired
    StatusService status;
    @Autowired
    GaslessQuoteStore quotes;

    @Test
    void aSignedSplitQuoteIsSubmittedAndDeliversTheQuotedAmount() throws Exception {
        signSubmitAndDeliver("fromChain=1&toChain=1&fromToken=" + WETH + "&toToken=" + USDC, 1);
    }

    /** A cross-chain split (WETH on Ethereum to USDC on Arbitrum): the witness binds its legs, the bridge delivers. */
    @Test
    void aSignedCrossChainSplitQuoteIsSubmittedAndDeliversTheQuotedAmount() throws Exception {
        JsonNode item = signSubmitAndDeliver("fromChain=1&toChain=42161&fromToken=" + WETH + "&toToken="
                + "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", 42161);
        assertThat(quotes.find(item.get("quoteId").asString()).orElseThrow().steps())
                .filteredOn(PlanStep.Bridge.class::isInstance).hasSize(1);
    }

    JsonNode signSubmitAndDeliver(String pair, int toChain) throws Exception {
        MvcResult q = mvc.perform(get("/gasless/quote?" + pair
                + "&amount=1000000000000000000000&sender=" + OWNER + "&acquisitionMode=3")).andReturn();
        JsonNode response = JSON.readTree(q.getResponse().getContentAsString());
        assertThat(response.get("code").asInt()).as(response.toString()).isZero();
        JsonNode item = response.get("data").get(0);
        String quoteId = item.get("quoteId").asString();
        assertThat(quotes.find(quoteId).orElseThrow().steps()).as("a split: its legs start with leg steps")
                .filteredOn(PlanStep.Leg.class::isInstance).hasSizeGreaterThan(1);

        String signature = EthersWallet.sign(JSON.writeValueAsString(item), KEY).get("signature").asString();
        MvcResult r = mvc.perform(post("/v1/gasless/submit-swap").contentType(MediaType.APPLICATION_JSON)
                .content(JSON.writeValueAsString(Map.of("quoteId", quoteId, "signature", signature)))).andReturn();
        JsonNode swap = JSON.readTree(r.getResponse().getContentAsString());
        assertThat(swap.get("code").asInt()).as(swap.toString()).isZero();

        TxHash source = new TxHash(swap.at("/data/executionTxHash").asString());
        StatusResult result = null;
        for (int i = 0; i < 600; i++) {
            result = status.lookup(source, ChainId.of(1), OWNER.toString());
            if ("DONE".equals(String.valueOf(result.status())) || "FAILED".equals(String.valueOf(result.status()))) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(String.valueOf(result.status())).as(String.valueOf(result)).isEqualTo("DONE");
        assertThat(result.fromAsset().amount()).isEqualTo(item.at("/quote/amountInAfterFee").asString());
        assertThat(result.toAsset().amount()).isEqualTo(item.at("/quote/amountOut").asString());
        assertThat(result.toAsset().chainId()).isEqualTo(toChain);
        return item;
    }
}
