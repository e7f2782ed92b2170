package dev.junction.calldata;

import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.junction.chain.Hex;
import dev.junction.market.Chain;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.protocol.RouterGas;
import dev.junction.protocol.across.Across;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.web3j.abi.datatypes.Type;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * /quote and /build-best-path of an Across deposit followed by a destination swap with chain mode's gas model (the
 * router's measured rows and Across's hand-over figure): the filler pays the swap when it fills, so the quote charges
 * {@code Across.DELIVERY_GAS} plus the swap's row at Arbitrum's gas price in the Across step's bridge fee, and the
 * built deposit's {@code inputAmount - outputAmount} (Across's fee) is that bridge fee: the filler's margin grows by
 * exactly the charge over the same deposit ending the route.
 */
@SpringBootTest(properties = {"junction.market.living=false", "junction.quote.ttl=60s"})
@AutoConfigureMockMvc
@Import(AcrossLegEndpointsTest.ChainLike.class)
class AcrossLegEndpointsTest {

    static final String WALLET = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

    @TestConfiguration(proxyBeanMethods = false)
    static class ChainLike {
        @Bean
        @Primary
        Market chainLikeMarket() {
            return TestMarket.inMemory(snapshot());
        }
    }

    /** {@link BuildEndpointsTest}'s market (Across ETH -> Arbitrum, USDC/WETH pools) counting gas as chain mode. */
    static MarketSnapshot snapshot() {
        MarketSnapshot m = BuildEndpointsTest.snapshot();
        return new MarketSnapshot(1, m.chains(), m.tokens(), m.providers(), m.pools(), m.lanes(), Map.of(),
                RouterGas.measured());
    }

    /** {@code units} gas at Arbitrum's 0.1 gwei and $2,500, in USDC units rounded up. */
    static BigInteger arbitrumGasInUsdc(long units) {
        MarketSnapshot m = snapshot();
        Chain arbitrum = m.chain(ARB).orElseThrow();
        double usd = m.nativeToken(arbitrum).usd(BigInteger.valueOf(units).multiply(arbitrum.gasPriceWei()));
        return BigDecimal.valueOf(usd).movePointRight(6).setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    }

    @Autowired
    MockMvc mvc;

    final JsonMapper json = JsonMapper.builder().build();

    MockHttpServletResponse call(MockHttpServletRequestBuilder r) throws Exception {
        return mvc.perform(r).andReturn().getResponse();
    }

    JsonNode ok(MockHttpServletResponse r) throws Exception {
        JsonNode body = json.readTree(r.getContentAsString());
        assertThat(r.getStatus()).as(body.toString()).isEqualTo(200);
        return body.get("data");
    }

    static MockHttpServletRequestBuilder crossChain(String path, String toToken, String... extra) {
        var r = get(path).param("fromChain", "1").param("toChain", "42161").param("fromToken", ETH_USDC.value())
                .param("toToken", toToken).param("amount", "1000000000").param("sender", WALLET)
                .param("includeRoute", "true");
        for (int i = 0; i < extra.length; i += 2) {
            r = r.param(extra[i], extra[i + 1]);
        }
        return r;
    }

    /** The bridge step of a built route and its Across deposit's {@code inputAmount - outputAmount}. */
    record Deposit(JsonNode bridge, BigInteger acrossFee) {
    }

    Deposit build(String toToken, String... extra) throws Exception {
        JsonNode data = ok(call(crossChain("/build-best-path", toToken, extra)));
        JsonNode bridge = data.get("route").get("path").get(0);
        assertThat(bridge.get("provider").get("name").asString()).isEqualTo("across");
        var exec = Decoded.executeRoute(Hex.decode(data.get("Tx").get("data").asString()));
        List<Type> across = BridgeStepDecodeTest.acrossDeposit(exec.steps().get(0).data.getValue());
        BigInteger outputAmount = (BigInteger) across.get(3).getValue();
        BigInteger plannedInput = (BigInteger) across.get(4).getValue();
        assertThat(outputAmount.toString()).as("the deposit's outputAmount is the planned bridge output")
                .isEqualTo(bridge.get("toAmount").asString());
        return new Deposit(bridge, plannedInput.subtract(outputAmount));
    }

    @Test
    void theFillersMarginGrowsByExactlyTheDestinationSwapsChargeAtArbitrumsGasPrice() throws Exception {
        Deposit ending = build(ARB_USDC.value());
        Deposit leg = build(ARB_WETH.value());
        assertThat(ending.acrossFee().toString()).as("a deposit ending the route: the lane's fee")
                .isEqualTo(ending.bridge().get("bridgeFee").asString());
        assertThat(leg.acrossFee().toString()).as("inputAmount - outputAmount equals the step's bridgeFee")
                .isEqualTo(leg.bridge().get("bridgeFee").asString());
        long swapGas = RouterGas.measured().swap(BuildEndpointsTest.snapshot().pools().get(2), 0, false);
        BigInteger charge = arbitrumGasInUsdc(Across.DELIVERY_GAS + swapGas);
        assertThat(charge).as("30,000 + the V2 row 72,423 at 0.1 gwei and $2,500").isEqualTo(25_606);
        assertThat(leg.acrossFee().subtract(ending.acrossFee())).isEqualTo(charge);
    }

    @Test
    void aDestinationCallAddsItsGasToTheSameFigure() throws Exception {
        Deposit ending = build(ARB_USDC.value());
        Deposit leg = build(ARB_WETH.value(), "destinationCallData", "0xcafe", "destinationGasLimit", "90000");
        assertThat(leg.acrossFee().toString()).isEqualTo(leg.bridge().get("bridgeFee").asString());
        long swapGas = RouterGas.measured().swap(BuildEndpointsTest.snapshot().pools().get(2), 0, false);
        assertThat(leg.acrossFee().subtract(ending.acrossFee())).isEqualTo(arbitrumGasInUsdc(
                Across.DELIVERY_GAS + swapGas + 90_000 + RouteCalls.EXECUTOR_GAS));
    }
}
