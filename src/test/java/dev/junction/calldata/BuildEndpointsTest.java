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
import dev.junction.quote.QuoteStore;
import dev.junction.quote.StoredQuote;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.web3j.abi.datatypes.Type;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** GET /build-best-path and POST /build-path end to end on a small market with Junction routers. */
@SpringBootTest(properties = {"junction.market.living=false", "junction.quote.ttl=60s"})
@AutoConfigureMockMvc
@Import(BuildEndpointsTest.BuildMarket.class)
class BuildEndpointsTest {

    static final String WALLET = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

    @Autowired
    MockMvc mvc;

    @Autowired
    MutableClock clock;

    @Autowired
    QuoteStore quotes;

    @Autowired
    JdbcTemplate jdbc;

    final JsonMapper json = JsonMapper.builder().build();

    /** A clock the test moves forward to expire quotes. */
    static final class MutableClock extends Clock {
        volatile Instant now = Instant.parse("2030-01-01T00:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class BuildMarket {
        @Bean
        @Primary
        Market buildMarket() {
            return TestMarket.inMemory(snapshot());
        }

        @Bean
        @Primary
        MutableClock mutableClock() {
            return new MutableClock();
        }
    }

    static Token token(ChainId chain, Address a, String symbol, int decimals, double price) {
        return new Token(chain, a, decimals, symbol, symbol, "https://icons.example/" + symbol + ".svg", price);
    }

    static MarketSnapshot snapshot() {
        BigInteger gwei = BigInteger.TEN.pow(9);
        List<Chain> chains = List.of(
                new Chain(ETH, "eth", "Ethereum", "", "ETH", 18, ETH_WETH, 12_000, 2, gwei.multiply(BigInteger.TEN),
                        gwei, BigInteger.ZERO, ETH_ROUTER, ETH_ROUTER, true),
                new Chain(ARB, "arb", "Arbitrum One", "", "ETH", 18, ARB_WETH, 250, 1, gwei.divide(BigInteger.TEN),
                        BigInteger.ZERO, BigInteger.ZERO, ARB_ROUTER, ARB_ROUTER, true));
        List<Token> tokens = List.of(token(ETH, Address.NATIVE, "ETH", 18, 2500), token(ETH, ETH_USDC, "USDC", 6, 1),
                token(ETH, ETH_WETH, "WETH", 18, 2500), token(ARB, Address.NATIVE, "ETH", 18, 2500),
                token(ARB, ARB_USDC, "USDC", 6, 1), token(ARB, ARB_WETH, "WETH", 18, 2500));
        List<Provider> providers = List.of(new Provider("uniswap-v2", "Uniswap V2", ProviderType.DEX, ""),
                new Provider("sushiswap", "SushiSwap", ProviderType.DEX, ""),
                new Provider("across", "Across", ProviderType.BRIDGE, ""));
        var uni = new ConstantProductPool("eth:uniswap-v2:usdc-weth", ETH, "uniswap-v2", ETH_USDC, ETH_WETH,
                new BigInteger("5000000000000"), new BigInteger("2000000000000000000000"), 30, 1e7);
        var sushi = new ConstantProductPool("eth:sushiswap:usdc-weth", ETH, "sushiswap", ETH_USDC, ETH_WETH,
                new BigInteger("4900000000000"), new BigInteger("1960000000000000000000"), 30, 9.8e6);
        var arbSushi = new ConstantProductPool("arb:sushiswap:usdc-weth", ARB, "sushiswap", ARB_USDC, ARB_WETH,
                new BigInteger("5000000000000"), new BigInteger("2000000000000000000000"), 30, 1e7);
        BridgeLane across = new BridgeLane("across", ETH, ARB, ETH_USDC, ARB_USDC, BigInteger.valueOf(100_000), 5, 0.1,
                60, 120, BigInteger.valueOf(1_000_000), new BigInteger("1000000000000"), 90_000);
        return new MarketSnapshot(1, chains, tokens, providers, List.of(uni, sushi, arbSushi), List.of(across));
    }

    MockHttpServletResponse call(MockHttpServletRequestBuilder r) throws Exception {
        return mvc.perform(r).andReturn().getResponse();
    }

    JsonNode ok(MockHttpServletResponse r) throws Exception {
        JsonNode body = json.readTree(r.getContentAsString());
        assertThat(r.getStatus()).as(body.toString()).isEqualTo(200);
        assertThat(body.get("code").asInt()).isZero();
        return body.get("data");
    }

    JsonNode error(MockHttpServletResponse r, int status, int code, String param) throws Exception {
        JsonNode body = json.readTree(r.getContentAsString());
        assertThat(r.getStatus()).as(body.toString()).isEqualTo(status);
        assertThat(body.get("code").asInt()).as(body.toString()).isEqualTo(code);
        assertThat(body.get("data").get("param").asString()).isEqualTo(param);
        assertThat(body.get("message").asString()).contains(param);
        return body;
    }

    static MockHttpServletRequestBuilder best(String... extra) {
        var r = get("/build-best-path").param("fromChain", "1").param("toChain", "1")
                .param("fromToken", ETH_USDC.value()).param("toToken", ETH_WETH.value()).param("amount", "1000000000")
                .param("sender", WALLET);
        for (int i = 0; i < extra.length; i += 2) {
            r = r.param(extra[i], extra[i + 1]);
        }
        return r;
    }

    @Test
    void buildBestPathAnswersTheTransactionUnderTx() throws Exception {
        JsonNode data = ok(call(best()));
        assertThat(data.has("route")).isTrue();
        assertThat(data.get("route").isNull()).as("no includeRoute").isTrue();
        JsonNode tx = data.get("Tx");
        assertThat(tx.propertyNames()).containsExactly("allowanceTarget", "chain", "data", "expiry", "gasLimit",
                "simulation", "to", "value");
        assertThat(tx.get("to").asString()).isEqualTo(ETH_ROUTER.value());
        assertThat(tx.get("chain").asLong()).isEqualTo(1);
        assertThat(tx.get("allowanceTarget").asString()).isEqualTo(ETH_ROUTER.value());
        assertThat(tx.get("value").asString()).isEqualTo("0");
        assertThat(tx.get("simulation").asBoolean()).isFalse();
        assertThat(tx.get("expiry").asLong()).isEqualTo(clock.now.getEpochSecond() + 60);
        assertThat(tx.get("gasLimit").asString()).as("135000 V2 gas + 20%").isEqualTo("162000");

        var exec = Decoded.executeRoute(Hex.decode(tx.get("data").asString()));
        assertThat(exec.params().amountIn.getValue()).isEqualTo(BigInteger.valueOf(1_000_000_000));
        assertThat(Address.evm(exec.params().receiver.getValue()).value()).isEqualTo(WALLET);
        assertThat(exec.steps()).hasSize(1);
        assertThat(exec.steps().get(0).data.getValue()).as("a Uniswap V2 step needs no data").isEmpty();
    }

    @Test
    void includeRouteGivesTheQuoteRouteAndItsAmountsBindTheCalldata() throws Exception {
        JsonNode data = ok(call(best("includeRoute", "true", "slippage", "1", "Integrator", "acme", "Referrer", "ref")));
        JsonNode route = data.get("route");
        assertThat(route.get("pathId").asString()).isNotBlank();
        assertThat(route.get("integratorId").asString()).isEqualTo("acme");
        var exec = Decoded.executeRoute(Hex.decode(data.get("Tx").get("data").asString()));
        assertThat(exec.params().minAmountOut.getValue().toString()).isEqualTo(route.get("minAmountOut").asString());
        assertThat(Hex.encode(exec.params().quoteId.getValue()))
                .isEqualTo(RouterAbi.topic(route.get("quoteId").asString()).value());
    }

    @Test
    void nativeInputSendsValueAndApprovesNothing() throws Exception {
        JsonNode tx = ok(call(get("/build-best-path").param("fromChain", "1").param("toChain", "1")
                .param("fromToken", Address.NATIVE.value()).param("toToken", ETH_USDC.value())
                .param("amount", "1000000000000000000").param("sender", WALLET))).get("Tx");
        assertThat(tx.get("value").asString()).isEqualTo("1000000000000000000");
        assertThat(tx.get("allowanceTarget").asString()).isEqualTo(Address.ZERO.value());
    }

    @Test
    void permitModesApprovePermit2() throws Exception {
        JsonNode tx = ok(call(best("acquisitionMode", "2"))).get("Tx");
        assertThat(tx.get("allowanceTarget").asString()).isEqualTo("0x000000000022D473030F116dDEE9F6B43aC78BA3");
    }

    @Test
    void minOutputAmountBindsTheCalldataOrIsUnreachable() throws Exception {
        JsonNode route = ok(call(best("includeRoute", "true"))).get("route");
        BigInteger amountOut = new BigInteger(route.get("amountOut").asString());
        BigInteger wanted = amountOut.subtract(BigInteger.ONE);
        JsonNode data = ok(call(best("minOutputAmount", wanted.toString())));
        var exec = Decoded.executeRoute(Hex.decode(data.get("Tx").get("data").asString()));
        assertThat(exec.params().minAmountOut.getValue()).as("above the 0.5% slippage minimum").isEqualTo(wanted);

        JsonNode body = error(call(best("minOutputAmount", amountOut.multiply(BigInteger.TWO).toString())), 422, 3006,
                "minOutputAmount");
        assertThat(body.get("message").asString()).contains(amountOut.toString());
    }

    @Test
    void allowedPriceImpactExcludesRoutes() throws Exception {
        error(call(best("allowedPriceImpact", "0.01")), 422, 3005, "allowedPriceImpact");
        ok(call(best("allowedPriceImpact", "5")));
    }

    @Test
    void priorityProviderPrefersARouteWithinHalfAPercent() throws Exception {
        JsonNode plain = ok(call(best("includeRoute", "true"))).get("route");
        assertThat(plain.get("providers").get(0).get("name").asString()).isEqualTo("uniswap-v2");
        JsonNode preferred = ok(call(best("includeRoute", "true", "priorityProvider", "sushiswap"))).get("route");
        assertThat(preferred.get("providers").get(0).get("name").asString()).isEqualTo("sushiswap");
    }

    @Test
    void destinationCallDataGoesIntoTheCalldataOfACrossChainRoute() throws Exception {
        JsonNode data = ok(call(get("/build-best-path").param("fromChain", "1").param("toChain", "42161")
                .param("fromToken", ETH_USDC.value()).param("toToken", ARB_WETH.value()).param("amount", "1000000000")
                .param("sender", WALLET).param("destinationCallData", "0xcafe").param("destinationGasLimit", "90000")));
        var exec = Decoded.executeRoute(Hex.decode(data.get("Tx").get("data").asString()));
        assertThat(Hex.encode(exec.params().destinationCallData.getValue())).isEqualTo("0xcafe");
        assertThat(exec.params().destinationGasLimit.getValue()).isEqualTo(BigInteger.valueOf(90_000));
        assertThat(exec.steps()).hasSize(2);
        List<Type> across = BridgeStepDecodeTest.acrossDeposit(exec.steps().get(0).data.getValue());
        assertThat(((BigInteger) across.get(5).getValue()).longValueExact()).as("Across to Arbitrum")
                .isEqualTo(42161);
    }

    @Test
    void aQuoteWithADestinationCallCostsItsGasLimitPlusTheExecutorsHandOverMore() throws Exception {
        JsonNode without = quoteRoutes();
        JsonNode with = ok(call(get("/quote").param("fromChain", "1").param("toChain", "1")
                .param("fromToken", ETH_USDC.value()).param("toToken", ETH_WETH.value()).param("amount", "1000000000")
                .param("sender", WALLET).param("destinationCallData", "0xcafe").param("destinationGasLimit", "90000")));
        long callGas = 90_000 + RouteCalls.EXECUTOR_GAS;
        assertThat(with.size()).isEqualTo(without.size());
        for (int i = 0; i < with.size(); i++) {
            JsonNode plain = without.get(i).get("gasFee");
            JsonNode called = with.get(i).get("gasFee");
            BigInteger plainLimit = new BigInteger(plain.get("gasLimit").asString());
            BigInteger plainFee = new BigInteger(plain.get("gasFee").asString());
            BigInteger price = plainFee.divide(plainLimit);
            assertThat(plainFee).isEqualTo(plainLimit.multiply(price));
            assertThat(new BigInteger(called.get("gasLimit").asString()).subtract(plainLimit))
                    .isEqualTo(BigInteger.valueOf(callGas));
            assertThat(new BigInteger(called.get("gasFee").asString()).subtract(plainFee))
                    .isEqualTo(price.multiply(BigInteger.valueOf(callGas)));
            assertThat(called.get("gasFeeUsd").asDouble()).isGreaterThan(plain.get("gasFeeUsd").asDouble());
            assertThat(with.get(i).get("amountOut").asString()).isEqualTo(without.get(i).get("amountOut").asString());
        }
    }

    static MockHttpServletRequestBuilder crossChain(String path, String... extra) {
        var r = get(path).param("fromChain", "1").param("toChain", "42161").param("fromToken", ETH_USDC.value())
                .param("toToken", ARB_WETH.value()).param("amount", "1000000000").param("sender", WALLET);
        for (int i = 0; i < extra.length; i += 2) {
            r = r.param(extra[i], extra[i + 1]);
        }
        return r;
    }

    /**
     * The call's gas, (90,000 + 70,000) x Arbitrum's 0.1 gwei = 0.000016 ETH = 0.04 USD at 2,500 USD, is 40,000 units
     * of the bridged USDC (1 USD, 6 decimals), rounded up.
     */
    static final BigInteger CALL_FEE_USDC = BigInteger.valueOf(40_000);

    @Test
    void aCrossChainQuoteWithADestinationCallChargesTheCallsGasToTheBridgeAtTheDestinationsPrice() throws Exception {
        JsonNode without = ok(call(crossChain("/quote")));
        JsonNode with = ok(call(crossChain("/quote", "destinationCallData", "0xcafe", "destinationGasLimit", "90000")));
        assertThat(with.size()).isEqualTo(without.size()).isEqualTo(1);
        JsonNode plain = without.get(0);
        JsonNode called = with.get(0);
        JsonNode plainBridge = plain.get("path").get(0);
        JsonNode calledBridge = called.get("path").get(0);
        assertThat(calledBridge.get("stepType").asString()).isEqualTo("bridge");
        assertThat(calledBridge.get("fromAmount").asString()).isEqualTo(plainBridge.get("fromAmount").asString());
        assertThat(new BigInteger(calledBridge.get("bridgeFee").asString())
                .subtract(new BigInteger(plainBridge.get("bridgeFee").asString()))).isEqualTo(CALL_FEE_USDC);
        assertThat(new BigInteger(plainBridge.get("toAmount").asString())
                .subtract(new BigInteger(calledBridge.get("toAmount").asString()))).isEqualTo(CALL_FEE_USDC);
        assertThat(called.get("path").get(1).get("fromAmount").asString())
                .as("the destination swap spends what the bridge delivers").isEqualTo(calledBridge.get("toAmount")
                        .asString());
        assertThat(new BigInteger(called.get("fees").get("pathFee").asString())
                .subtract(new BigInteger(plain.get("fees").get("pathFee").asString()))).isEqualTo(CALL_FEE_USDC);
        assertThat(new BigInteger(called.get("amountOut").asString()))
                .isLessThan(new BigInteger(plain.get("amountOut").asString()));
        assertThat(called.get("gasFee")).as("the source chain's gas is the wallet's; the call's is the filler's")
                .isEqualTo(plain.get("gasFee"));
    }

    @Test
    void anAcrossDepositWithADestinationCallLeavesTheFillerTheCallsGas() throws Exception {
        JsonNode data = ok(call(crossChain("/build-best-path", "destinationCallData", "0xcafe", "destinationGasLimit",
                "90000", "includeRoute", "true")));
        JsonNode bridge = data.get("route").get("path").get(0);
        var exec = Decoded.executeRoute(Hex.decode(data.get("Tx").get("data").asString()));
        List<Type> across = BridgeStepDecodeTest.acrossDeposit(exec.steps().get(0).data.getValue());
        BigInteger outputAmount = (BigInteger) across.get(3).getValue();
        BigInteger plannedInput = (BigInteger) across.get(4).getValue();
        assertThat(outputAmount.toString()).isEqualTo(bridge.get("toAmount").asString());
        assertThat(plannedInput.subtract(outputAmount).toString()).as("the filler's fee includes the call's gas")
                .isEqualTo(bridge.get("bridgeFee").asString());
        JsonNode plainBridge = ok(call(crossChain("/quote"))).get(0).get("path").get(0);
        assertThat(new BigInteger(bridge.get("bridgeFee").asString())
                .subtract(new BigInteger(plainBridge.get("bridgeFee").asString()))).isEqualTo(CALL_FEE_USDC);
    }

    @Test
    void aCrossChainPathIdBuildsOnlyACallWhoseGasItsQuoteCharged() throws Exception {
        String plainPath = ok(call(crossChain("/quote"))).get(0).get("pathId").asString();
        String calledPath = ok(call(crossChain("/quote", "destinationCallData", "0xcafe", "destinationGasLimit",
                "90000"))).get(0).get("pathId").asString();
        error(buildPath(crossBody(plainPath, "0xcafe", "90000")), 400, 1002, "destinationCallData");
        error(buildPath(crossBody(calledPath, "0xcafe", "90001")), 400, 1002, "destinationGasLimit");
        ok(buildPath(crossBody(calledPath, "0xbeef", "90000")));
        ok(buildPath(crossBody(calledPath, null, null)));
        ok(buildPath(crossBody(plainPath, null, null)));
    }

    String crossBody(String pathId, String callData, String gasLimit) {
        return "{\"Amount\": \"1000000000\", \"Sender\": \"" + WALLET + "\", \"fromChain\": 1, \"fromToken\": \""
                + ETH_USDC.value() + "\", \"toChain\": 42161, \"toToken\": \"" + ARB_WETH.value() + "\", \"pathId\": \""
                + pathId + "\"" + (callData == null ? "" : ", \"destinationCallData\": \"" + callData
                        + "\", \"destinationGasLimit\": \"" + gasLimit + "\"") + "}";
    }

    String body(String pathId, String amount, String sender) {
        return "{\"Amount\": \"" + amount + "\", \"Sender\": \"" + sender + "\", \"fromChain\": 1, \"fromToken\": \""
                + ETH_USDC.value() + "\", \"toChain\": 1, \"toToken\": \"" + ETH_WETH.value() + "\""
                + (pathId == null ? "" : ", \"pathId\": \"" + pathId + "\"") + "}";
    }

    MockHttpServletResponse buildPath(String body) throws Exception {
        return call(post("/build-path").contentType(MediaType.APPLICATION_JSON).content(body));
    }

    JsonNode quoteRoutes() throws Exception {
        return ok(call(get("/quote").param("fromChain", "1").param("toChain", "1").param("fromToken", ETH_USDC.value())
                .param("toToken", ETH_WETH.value()).param("amount", "1000000000").param("sender", WALLET)));
    }

    @Test
    void buildPathBuildsExactlyTheQuotedRoute() throws Exception {
        JsonNode routes = quoteRoutes();
        JsonNode second = routes.get(1);
        JsonNode tx = ok(buildPath(body(second.get("pathId").asString(), "1000000000", WALLET)));
        assertThat(tx.get("to").asString()).isEqualTo(ETH_ROUTER.value());
        var exec = Decoded.executeRoute(Hex.decode(tx.get("data").asString()));
        assertThat(Hex.encode(exec.params().quoteId.getValue()))
                .isEqualTo(RouterAbi.topic(second.get("quoteId").asString()).value());
        assertThat(exec.params().minAmountOut.getValue().toString()).isEqualTo(second.get("minAmountOut").asString());
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue()))
                .isEqualTo(Adapters.of(ETH_ROUTER, second.get("providers").get(0).get("name").asString()));
    }

    @Test
    void buildPathWithoutPathIdBuildsTheBestRoute() throws Exception {
        JsonNode tx = ok(buildPath(body(null, "1000000000", WALLET)));
        var exec = Decoded.executeRoute(Hex.decode(tx.get("data").asString()));
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(Adapters.of(ETH_ROUTER, "uniswap-v2"));
    }

    @Test
    void buildPathChecksThePathId() throws Exception {
        String pathId = quoteRoutes().get(0).get("pathId").asString();
        error(buildPath(body("no-such-path", "1000000000", WALLET)), 404, 4001, "pathId");
        error(buildPath(body(pathId, "2000000000", WALLET)), 400, 1002, "Amount");
        error(buildPath(body(pathId, "1000000000", RECEIVER.value())), 400, 1002, "Sender");
        Instant before = clock.now;
        try {
            clock.now = before.plus(Duration.ofSeconds(61));
            error(buildPath(body(pathId, "1000000000", WALLET)), 410, 4002, "pathId");
        } finally {
            clock.now = before;
        }
    }

    @Test
    void aRouteReadBackFromTheDatabaseBuildsUnlessTheMarketLostItsPool() throws Exception {
        JsonNode routes = quoteRoutes();
        String quoteId = routes.get(0).get("quoteId").asString();
        quotes.flush();
        StoredQuote stored = quotes.byQuoteId(quoteId).orElseThrow();
        String pool = pools(stored.routes().get(0)).getFirst();
        int untouched = -1;
        for (int rank = 1; rank < routes.size() && untouched < 0; rank++) {
            untouched = pools(stored.routes().get(rank)).contains(pool) ? -1 : rank;
        }
        assertThat(untouched).as("a route that does not use pool %s", pool).isPositive();
        // a copy of the row under a new quoteId is in no instance's memory: it is read back from the database, with
        // the pool renamed (in the plans' string table, to a name of the same length) to one the market does not have
        byte[] plans = jdbc.queryForObject("SELECT plan_bytes FROM quote WHERE quote_id = ?", byte[].class, quoteId);
        String renamed = ("no-such-pool-" + "x".repeat(pool.length())).substring(0, pool.length());
        String copy = UUID.randomUUID().toString();
        jdbc.update("INSERT INTO quote (quote_id, created_at, expires_at, market_version, from_chain, to_chain, "
                + "from_token, to_token, amount, sender, receiver, fee_bps, slippage, route_mode, allow_multi_bridge, "
                + "acquisition_mode, integrator, referrer, route_count, request_json, plan_bytes) SELECT ?, created_at, "
                + "expires_at, market_version, from_chain, to_chain, from_token, to_token, amount, sender, receiver, "
                + "fee_bps, slippage, route_mode, allow_multi_bridge, acquisition_mode, integrator, referrer, "
                + "route_count, request_json, ? FROM quote WHERE quote_id = ?", copy,
                replaceOnce(plans, pool, renamed), quoteId);

        error(buildPath(body(copy + ":0", "1000000000", WALLET)), 422, 3001, "pathId");
        JsonNode fromMemory = ok(buildPath(body(quoteId + ":" + untouched, "1000000000", WALLET)));
        JsonNode readBack = ok(buildPath(body(copy + ":" + untouched, "1000000000", WALLET)));
        // the same transaction but for the quote reference (RouteParams' first word, derived from the quoteId)
        assertThat(withoutQuoteRef(readBack)).isEqualTo(withoutQuoteRef(fromMemory));
        assertThat(readBack.get("data").asString()).isNotEqualTo(fromMemory.get("data").asString());
    }

    private JsonNode withoutQuoteRef(JsonNode tx) {
        String data = tx.get("data").asString();
        int word = 2 + 8 + 2 * 64;
        var copy = (ObjectNode) tx.deepCopy();
        copy.put("data", data.substring(0, word) + "*".repeat(64) + data.substring(word + 64));
        return copy;
    }

    /** The pool ids of the swap steps of a stored route. */
    private static List<String> pools(StoredQuote.Route route) {
        return route.plan().steps().stream().filter(s -> s.pool() != null).map(s -> s.pool().id()).toList();
    }

    /** The bytes with the one occurrence of {@code what}'s UTF-8 bytes replaced by {@code with}'s (of equal length). */
    private static byte[] replaceOnce(byte[] bytes, String what, String with) {
        byte[] from = what.getBytes(StandardCharsets.UTF_8);
        byte[] to = with.getBytes(StandardCharsets.UTF_8);
        assertThat(to).hasSameSizeAs(from);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        String needle = new String(from, StandardCharsets.ISO_8859_1);
        int at = text.indexOf(needle);
        assertThat(at).as("%s in the stored plans", what).isNotNegative();
        assertThat(text.indexOf(needle, at + 1)).as("%s once in the stored plans", what).isNegative();
        byte[] out = bytes.clone();
        System.arraycopy(to, 0, out, at, to.length);
        return out;
    }
}
