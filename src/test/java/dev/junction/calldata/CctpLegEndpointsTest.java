package dev.junction.calldata;

import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.Token;
import dev.junction.protocol.RouterGas;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
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
import org.web3j.abi.datatypes.Type;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * /quote and /build-path of a CCTP burn followed by a destination swap (issue 39) as on real chains: the market counts
 * gas with Junction's measured router table (chain mode's model, with the CCTP room's redeem figure) and the builder
 * knows the deployed adapters and the destination's {@code JunctionCctpReceiver} (chain mode's
 * {@code AdapterDirectory}). The quote charges the redeem, the destination swap and the call at Arbitrum's gas price
 * in the CCTP step's bridge fee, and the build puts exactly that fee in the burn's message as the relayer's redeem fee.
 */
@SpringBootTest(properties = {"junction.market.living=false", "junction.quote.ttl=60s"})
@AutoConfigureMockMvc
@Import(CctpLegEndpointsTest.ChainLike.class)
class CctpLegEndpointsTest {

    static final String WALLET = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    static final Address ETH_CCTP = Address.evm("0x2222222222222222222222222222222222222222");
    static final Address ARB_SUSHI = Address.evm("0x3333333333333333333333333333333333333333");
    static final Address ARB_RECEIVER = Address.evm("0x4444444444444444444444444444444444444444");

    /** The deployed contracts; the test takes Arbitrum's receiver away to see the build refused. */
    static final class Deployment implements AdapterDirectory {
        volatile boolean receiverDeployed = true;
        private final AdapterDirectory withReceiver = AdapterDirectory.deployed(
                Map.of(ETH, Map.of("cctp", ETH_CCTP), ARB, Map.of("sushiswap", ARB_SUSHI)),
                Map.of(ARB, Map.of("cctp", ARB_RECEIVER)));
        private final AdapterDirectory without = AdapterDirectory.deployed(
                Map.of(ETH, Map.of("cctp", ETH_CCTP), ARB, Map.of("sushiswap", ARB_SUSHI)));

        private AdapterDirectory current() {
            return receiverDeployed ? withReceiver : without;
        }

        @Override
        public Optional<Address> adapter(ChainId chain, Address router, String providerKey) {
            return current().adapter(chain, router, providerKey);
        }

        @Override
        public boolean deployedOn(ChainId chain) {
            return current().deployedOn(chain);
        }

        @Override
        public Optional<Address> legReceiver(ChainId chain, String providerKey) {
            return current().legReceiver(chain, providerKey);
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class ChainLike {
        @Bean
        @Primary
        Market chainLikeMarket() {
            return TestMarket.inMemory(snapshot());
        }

        @Bean
        @Primary
        Deployment deployment() {
            return new Deployment();
        }
    }

    static final ConstantProductPool ARB_POOL = new ConstantProductPool("arb:sushiswap:usdc-weth", ARB, "sushiswap",
            ARB_USDC, ARB_WETH, new BigInteger("5000000000000"), new BigInteger("2000000000000000000000"), 30, 1e7);

    static MarketSnapshot snapshot() {
        BigInteger gwei = BigInteger.TEN.pow(9);
        List<Chain> chains = List.of(
                new Chain(ETH, "eth", "Ethereum", "", "ETH", 18, ETH_WETH, 12_000, 2, gwei.multiply(BigInteger.TEN),
                        gwei, BigInteger.ZERO, ETH_ROUTER, ETH_ROUTER, true),
                new Chain(ARB, "arb", "Arbitrum One", "", "ETH", 18, ARB_WETH, 250, 1, gwei.divide(BigInteger.TEN),
                        BigInteger.ZERO, BigInteger.ZERO, ARB_ROUTER, ARB_ROUTER, true));
        List<Token> tokens = List.of(BuildEndpointsTest.token(ETH, Address.NATIVE, "ETH", 18, 2500),
                BuildEndpointsTest.token(ETH, ETH_USDC, "USDC", 6, 1),
                BuildEndpointsTest.token(ETH, ETH_WETH, "WETH", 18, 2500),
                BuildEndpointsTest.token(ARB, Address.NATIVE, "ETH", 18, 2500),
                BuildEndpointsTest.token(ARB, ARB_USDC, "USDC", 6, 1),
                BuildEndpointsTest.token(ARB, ARB_WETH, "WETH", 18, 2500));
        List<Provider> providers = List.of(new Provider("sushiswap", "SushiSwap", ProviderType.DEX, ""),
                new Provider("cctp", "Circle CCTP", ProviderType.BRIDGE, ""));
        BridgeLane cctp = new BridgeLane("cctp", ETH, ARB, ETH_USDC, ARB_USDC, BigInteger.ZERO, 0, 0, 900, 1200,
                BigInteger.valueOf(1_000_000), new BigInteger("1000000000000"), 90_000);
        return new MarketSnapshot(1, chains, tokens, providers, List.of(ARB_POOL), List.of(cctp), Map.of(),
                RouterGas.measured());
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    Deployment deployment;

    final JsonMapper json = JsonMapper.builder().build();

    @AfterEach
    void redeploy() {
        deployment.receiverDeployed = true;
    }

    /** {@code units} gas at Arbitrum's 0.1 gwei and $2,500, in USDC units rounded up. */
    static BigInteger arbitrumGasInUsdc(long units) {
        MarketSnapshot m = snapshot();
        Chain arbitrum = m.chain(ARB).orElseThrow();
        double usd = m.nativeToken(arbitrum).usd(BigInteger.valueOf(units).multiply(arbitrum.gasPriceWei()));
        return BigDecimal.valueOf(usd).movePointRight(6).setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    }

    /** The redeem (the CCTP room's figure, as RouterGas answers it) plus the destination swap's measured row. */
    static long legGas() {
        RouterGas gas = RouterGas.measured();
        return gas.legRedeemGas(snapshot().lanes().getFirst()).orElseThrow() + gas.swap(ARB_POOL, 0, false);
    }

    MockHttpServletResponse call(MockHttpServletRequestBuilder r) throws Exception {
        return mvc.perform(r).andReturn().getResponse();
    }

    JsonNode ok(MockHttpServletResponse r) throws Exception {
        JsonNode body = json.readTree(r.getContentAsString());
        assertThat(r.getStatus()).as(body.toString()).isEqualTo(200);
        return body.get("data");
    }

    static MockHttpServletRequestBuilder quote(String... extra) {
        var r = get("/quote").param("fromChain", "1").param("toChain", "42161").param("fromToken", ETH_USDC.value())
                .param("toToken", ARB_WETH.value()).param("amount", "1000000000").param("sender", WALLET);
        for (int i = 0; i < extra.length; i += 2) {
            r = r.param(extra[i], extra[i + 1]);
        }
        return r;
    }

    MockHttpServletResponse buildPath(String pathId, String callData, String gasLimit) throws Exception {
        String body = "{\"Amount\": \"1000000000\", \"Sender\": \"" + WALLET + "\", \"fromChain\": 1, \"fromToken\": \""
                + ETH_USDC.value() + "\", \"toChain\": 42161, \"toToken\": \"" + ARB_WETH.value() + "\", \"pathId\": \""
                + pathId + "\"" + (callData == null ? "" : ", \"destinationCallData\": \"" + callData
                        + "\", \"destinationGasLimit\": \"" + gasLimit + "\"") + "}";
        return call(post("/build-path").contentType(MediaType.APPLICATION_JSON).content(body));
    }

    /** The built burn's terms, read back by CctpAdapter.CctpBurn's layout, and its message's. */
    record Burn(Address mintRecipient, BigInteger redeemFee, RouterCallDecoder.Route leg) {
    }

    static Burn burn(JsonNode tx) {
        var exec = Decoded.executeRoute(Hex.decode(tx.get("data").asString()));
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(ETH_CCTP);
        List<Type> b = BridgeStepDecodeTest.cctpBurn(exec.steps().get(0).data.getValue());
        assertThat(((BigInteger) b.get(0).getValue()).intValue()).as("Arbitrum's CCTP domain").isEqualTo(3);
        List<Type> message = Decoded.payload((byte[]) b.get(3).getValue(),
                List.of(BridgeStepDecodeTest.UINT256, BridgeStepDecodeTest.BYTES));
        return new Burn(Address.evm(Hex.encode(Arrays.copyOfRange((byte[]) b.get(1).getValue(), 12, 32))),
                (BigInteger) message.get(0).getValue(),
                Decoded.destinationMessage((byte[]) message.get(1).getValue()));
    }

    @Test
    void theQuoteChargesTheRedeemAndTheSwapAndTheBuildPaysThatFeeToTheRelayer() throws Exception {
        JsonNode route = ok(call(quote())).get(0);
        JsonNode bridge = route.get("path").get(0);
        JsonNode swap = route.get("path").get(1);
        assertThat(bridge.get("provider").get("name").asString()).isEqualTo("cctp");
        BigInteger fee = new BigInteger(bridge.get("bridgeFee").asString());
        assertThat(fee).as("REDEEM_GAS + the swap's row at 0.1 gwei and $2,500").isEqualTo(arbitrumGasInUsdc(legGas()));
        assertThat(swap.get("fromAmount").asString()).isEqualTo(bridge.get("toAmount").asString());

        Burn burn = burn(ok(buildPath(route.get("pathId").asString(), null, null)));
        assertThat(burn.mintRecipient()).as("Arbitrum's receiver").isEqualTo(ARB_RECEIVER);
        assertThat(burn.redeemFee()).as("the relayer's pay is the quoted bridge fee").isEqualTo(fee);
        assertThat(burn.leg().params().amountIn.getValue().toString()).isEqualTo(bridge.get("toAmount").asString());
        assertThat(burn.leg().steps()).hasSize(1);
        assertThat(Address.evm(burn.leg().steps().get(0).adapter.getValue())).isEqualTo(ARB_SUSHI);
    }

    @Test
    void aDestinationCallAddsItsGasToTheRedeemFee() throws Exception {
        JsonNode route = ok(call(quote("destinationCallData", "0xcafe", "destinationGasLimit", "90000"))).get(0);
        JsonNode bridge = route.get("path").get(0);
        BigInteger fee = new BigInteger(bridge.get("bridgeFee").asString());
        assertThat(fee).isEqualTo(arbitrumGasInUsdc(legGas() + 90_000 + RouteCalls.EXECUTOR_GAS));
        Burn burn = burn(ok(buildPath(route.get("pathId").asString(), "0xcafe", "90000")));
        assertThat(burn.redeemFee()).isEqualTo(fee);
        assertThat(Hex.encode(burn.leg().params().destinationCallData.getValue())).isEqualTo("0xcafe");
    }

    @Test
    void withoutAReceiverOnArbitrumTheBuildIs3008NamingTheProviderAndTheChain() throws Exception {
        String pathId = ok(call(quote())).get(0).get("pathId").asString();
        deployment.receiverDeployed = false;
        for (MockHttpServletResponse r : List.of(buildPath(pathId, null, null), call(get("/build-best-path")
                .param("fromChain", "1").param("toChain", "42161").param("fromToken", ETH_USDC.value())
                .param("toToken", ARB_WETH.value()).param("amount", "1000000000").param("sender", WALLET)))) {
            JsonNode body = json.readTree(r.getContentAsString());
            assertThat(r.getStatus()).as(body.toString()).isEqualTo(422);
            assertThat(body.get("code").asInt()).isEqualTo(3008);
            assertThat(body.get("data").get("param").asString()).isEqualTo("providers");
            assertThat(body.get("message").asString()).contains("cctp")
                    .contains("no cctp receiver is deployed on chain 42161");
        }
    }
}
