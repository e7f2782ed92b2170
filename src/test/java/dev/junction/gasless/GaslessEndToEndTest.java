package dev.junction.gasless;

import static dev.junction.gasless.GaslessFixture.ARB_WETH;
import static dev.junction.gasless.GaslessFixture.ETH;
import static dev.junction.gasless.GaslessFixture.KEY;
import static dev.junction.gasless.GaslessFixture.OWNER;
import static dev.junction.gasless.GaslessFixture.USDC;
import static dev.junction.gasless.GaslessFixture.WETH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import dev.junction.status.StatusResult;
import dev.junction.status.StatusService;
import dev.junction.support.TestMarket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
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
import tools.jackson.databind.node.ObjectNode;

/**
 * The gasless flow over HTTP as an integrator runs it: GET /gasless/quote, sign {@code eip712} with ethers v6
 * {@code signTypedData}, POST /gasless/submit-swap, then follow the swap until DONE on the embedded network (simulation
 * clock at 600x so the bridge lands in well under a second of real time).
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(GaslessEndToEndTest.Config.class)
class GaslessEndToEndTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TestConfiguration(proxyBeanMethods = false)
    static class Config {
        @Bean
        @Primary
        Market gaslessTestMarket() {
            return TestMarket.inMemory(GaslessFixture.snapshot());
        }

        @Bean
        @Primary
        SimulationClock gaslessTestClock() {
            return new SimulationClock(new SkippingClock(), 600);
        }
    }

    /** Milliseconds the tests skipped the service's wall clock ahead of real time. */
    static final AtomicLong SKIPPED_MS = new AtomicLong();

    /** The wall clock the service sees: real time plus {@link #SKIPPED_MS}. */
    static final class SkippingClock extends Clock {
        @Override
        public Instant instant() {
            return Instant.now().plusMillis(SKIPPED_MS.get());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Autowired
    MockMvc mvc;
    @Autowired
    StatusService status;
    @Autowired
    GaslessQuotePurge purge;

    JsonNode quote(String query) throws Exception {
        MvcResult r = mvc.perform(get("/gasless/quote?" + query)).andReturn();
        return JSON.readTree(r.getResponse().getContentAsString());
    }

    static String crossChain(int mode, String extra) {
        return "fromChain=1&toChain=42161&fromToken=" + USDC + "&toToken=" + ARB_WETH + "&amount=1000000000&sender="
                + OWNER + "&acquisitionMode=" + mode + extra;
    }

    JsonNode submit(String quoteId, String signature) throws Exception {
        String body = JSON.writeValueAsString(Map.of("quoteId", quoteId, "signature", signature));
        MvcResult r = mvc.perform(post("/v1/gasless/submit-swap").contentType(MediaType.APPLICATION_JSON).content(body))
                .andReturn();
        JsonNode json = JSON.readTree(r.getResponse().getContentAsString());
        ((ObjectNode) json).put("httpStatus", r.getResponse().getStatus());
        return json;
    }

    @Test
    void anIntegratorSignsWithEthersSubmitsAndTheSwapCompletes() throws Exception {
        JsonNode response = quote(crossChain(3, "&deadlineMinutes=1440&meta=order-7&feeBps=20"));
        assertThat(response.get("code").asInt()).as(response.toString()).isZero();
        JsonNode item = response.get("data").get(0);
        assertThat(fieldNames(item)).containsExactlyInAnyOrder("calldataTemplate", "deadline", "eip712", "fee", "nonce",
                "quote", "quoteId");
        assertThat(fieldNames(item.get("quote"))).containsExactlyInAnyOrder("acquisitionMode", "aggregator",
                "aggregatorId", "amountIn", "amountInAfterFee", "amountOut", "amountOutMin", "bridgeCount",
                "bridgeProviders", "costBreakdownUsd", "fromToken", "latencyBreakdownMs", "receiver", "routeKind",
                "toToken", "fromChain", "sender", "toChain");
        assertThat(item.at("/calldataTemplate/meta").asString()).isEqualTo("order-7");
        assertThat(item.at("/eip712/types").propertyNames()).containsExactly("PermitWitnessTransferFrom",
                "SwapWitness", "TokenPermissions");
        assertThat(item.at("/eip712/message/permitted/amount").asString()).isEqualTo("1000000000");
        assertThat(item.at("/eip712/message/spender").asString()).isEqualTo(GaslessFixture.ETH_EXECUTOR.toString());
        assertThat(item.at("/eip712/domain/chainId").isIntegralNumber()).isTrue();

        JsonNode signed = EthersWallet.sign(JSON.writeValueAsString(item), KEY);
        assertThat(signed.get("signer").asString()).isEqualTo(OWNER.toString());
        String quoteId = item.get("quoteId").asString();
        JsonNode swap = submit(quoteId, signed.get("signature").asString());
        assertThat(swap.get("code").asInt()).as(swap.toString()).isZero();
        assertThat(swap.get("message").asString()).as("the sandbox says what it simulates")
                .contains("balances and Permit2 allowances are not checked");
        JsonNode data = swap.get("data");
        assertThat(fieldNames(data)).containsExactlyInAnyOrder("amountIn", "amountOut", "executionTxHash", "feeAmount",
                "fromChainId", "fromToken", "routeKind", "status", "swapId", "executorTxId", "toChainId", "toToken");
        assertThat(data.get("status").asString()).isEqualTo("PENDING");
        assertThat(data.get("feeAmount").asString()).isEqualTo(item.at("/fee/feeAmount").asString());
        assertThat(data.at("/routeKind/kind").asString()).isEqualTo("crossChainSwap");
        assertThat(data.at("/routeKind/bridgeCount").asInt()).isEqualTo(1);

        // the same signature again: the same swap
        assertThat(submit(quoteId, signed.get("signature").asString()).at("/data/swapId").asString())
                .isEqualTo(data.get("swapId").asString());

        TxHash source = new TxHash(data.get("executionTxHash").asString());
        StatusResult result = null;
        for (int i = 0; i < 600; i++) {
            result = status.lookup(source, ETH, OWNER.toString());
            if ("DONE".equals(String.valueOf(result.status())) || i == 599) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(String.valueOf(result.status())).as(String.valueOf(result)).isEqualTo("DONE");
        // as the README's /status example says: what the route swapped, the signed amount minus the gasless fee
        assertThat(result.fromAsset().amount()).isEqualTo(item.at("/quote/amountInAfterFee").asString())
                .isNotEqualTo(item.at("/quote/amountIn").asString());
    }

    @Test
    void theOpenApiDescriptionAndTheReadmeSayBalancesAreNotChecked() throws Exception {
        JsonNode doc = JSON.readTree(mvc.perform(get("/v3/api-docs")).andReturn().getResponse().getContentAsString());
        assertThat(doc.at("/paths/~1gasless~1submit-swap/post/description").asString())
                .contains("balances and Permit2 allowances are not checked");
        assertThat(Files.readString(Path.of("README.md")))
                .contains("balances and Permit2 allowances are not checked");
    }

    @Test
    void everyRefusalHasItsCode() throws Exception {
        JsonNode item = quote(crossChain(2, "&deadlineMinutes=1440")).get("data").get(0);
        assertThat(item.at("/eip712/types").propertyNames()).containsExactly("PermitTransferFrom", "TokenPermissions");
        String quoteId = item.get("quoteId").asString();
        String good = EthersWallet.sign(JSON.writeValueAsString(item), KEY).get("signature").asString();

        assertThat(submit("0x" + "ab".repeat(32), good).get("code").asInt()).isEqualTo(4001);
        assertThat(submit(quoteId, good.substring(0, 128)).get("code").asInt()).isEqualTo(4003);
        PermitSignature p = PermitSignature.parse(good);
        String twin = good.substring(0, 66) + String.format("%064x", PermitSignature.CURVE_ORDER.subtract(p.s()))
                + (p.v() == 27 ? "1c" : "1b");
        assertThat(submit(quoteId, twin).get("code").asInt()).isEqualTo(4003);
        String otherKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
        JsonNode other = submit(quoteId, EthersWallet.sign(JSON.writeValueAsString(item), otherKey).get("signature")
                .asString());
        assertThat(other.get("code").asInt()).isEqualTo(4004);
        assertThat(other.get("httpStatus").asInt()).isEqualTo(400);
        ObjectNode altered = (ObjectNode) JSON.readTree(JSON.writeValueAsString(item));
        ((ObjectNode) altered.at("/eip712/message/permitted")).put("amount", "999999999");
        assertThat(submit(quoteId, EthersWallet.sign(JSON.writeValueAsString(altered), KEY).get("signature").asString())
                .get("code").asInt()).isEqualTo(4004);

        assertThat(submit(quoteId, good).get("code").asInt()).isZero();
        JsonNode replayed = submit(quoteId, RandomK.sign(digestOf(item), KEY));
        assertThat(replayed.get("code").asInt()).isEqualTo(4007);

        JsonNode shortLived = quote(crossChain(2, "&deadlineMinutes=1")).get("data").get(0);
        String sig = EthersWallet.sign(JSON.writeValueAsString(shortLived), KEY).get("signature").asString();
        SKIPPED_MS.addAndGet(61_000); // past the one-minute deadline (wall-clock Unix time at any speed)
        JsonNode expired = submit(shortLived.get("quoteId").asString(), sig);
        assertThat(expired.get("code").asInt()).isEqualTo(4005);
    }

    /**
     * A gasless quote never submitted is deleted once its deadline is junction.gasless.retention (one day) in the past:
     * until then a late submission answers 4005 (expired), afterwards 4001 (not a quote Junction issued). A submitted
     * quote stays, and so does its swap's status. The purge runs once a minute on its own thread.
     */
    @Test
    void aQuoteNeverSubmittedIsDeletedADayAfterItsDeadline() throws Exception {
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).contains("gasless-purge");
        JsonNode kept = quote(crossChain(2, "&deadlineMinutes=1")).get("data").get(0);
        JsonNode submitted = submit(kept.get("quoteId").asString(),
                EthersWallet.sign(JSON.writeValueAsString(kept), KEY).get("signature").asString());
        assertThat(submitted.get("code").asInt()).as(submitted.toString()).isZero();
        JsonNode unsigned = quote(crossChain(2, "&deadlineMinutes=1")).get("data").get(0);
        String quoteId = unsigned.get("quoteId").asString();
        String sig = EthersWallet.sign(JSON.writeValueAsString(unsigned), KEY).get("signature").asString();

        SKIPPED_MS.addAndGet(61_000);
        purge.purge();
        assertThat(submit(quoteId, sig).get("code").asInt()).isEqualTo(4005);

        SKIPPED_MS.addAndGet(Duration.ofDays(1).toMillis());
        assertThat(purge.purge()).isPositive(); // other tests of this class leave expired quotes too
        JsonNode gone = submit(quoteId, sig);
        assertThat(gone.get("code").asInt()).as(gone.toString()).isEqualTo(4001);
        assertThat(gone.get("httpStatus").asInt()).isEqualTo(404);
        assertThat(submit(kept.get("quoteId").asString(), EthersWallet.sign(JSON.writeValueAsString(kept), KEY)
                .get("signature").asString()).get("code").asInt()).isZero(); // the first swap, again
    }

    @Test
    void quoteRequestRulesHaveTheirCodes() throws Exception {
        assertThat(quote(crossChain(0, "")).get("code").asInt()).isEqualTo(4008);
        assertThat(quote(crossChain(1, "")).get("code").asInt()).isEqualTo(4008);
        assertThat(quote("fromChain=1&toChain=1&fromToken=" + Address.NATIVE + "&toToken=" + USDC
                + "&amount=1000000000000000000&sender=" + OWNER + "&acquisitionMode=2").get("code").asInt())
                .isEqualTo(4009);
        assertThat(quote(crossChain(2, "&rankingMode=max_value")).get("code").asInt()).isEqualTo(1002);
        JsonNode tiny = quote("fromChain=1&toChain=1&fromToken=" + USDC + "&toToken=" + WETH + "&amount=1000&sender="
                + OWNER + "&acquisitionMode=2");
        assertThat(tiny.get("code").asInt()).as(tiny.toString()).isEqualTo(3004);
    }

    private static byte[] digestOf(JsonNode item) throws Exception {
        JsonNode signed = EthersWallet.sign(JSON.writeValueAsString(item), KEY);
        return Hex.decode(signed.get("digest").asString());
    }

    private static List<String> fieldNames(JsonNode node) {
        return List.copyOf(node.propertyNames());
    }

}
