package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.RouterCallDecoder;
import dev.junction.calldata.RouterAbi;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chainmarket.TestContracts;
import dev.junction.deploy.Deployer;
import dev.junction.market.Token;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.across.Across;
import dev.junction.routing.DestinationCallGas;
import dev.junction.support.AnvilHarness;
import dev.junction.support.JunctionHttp;
import dev.junction.status.ChainStatusAnvilTest.Side;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 39 on two anvil chains with real bytecode (Junction's router, its executor and adapters deployed by the deploy
 * module; Uniswap V3, WETH9, Permit2 and Across SpokePools from npm; the Across test relayer): routes built by
 * {@code /build-best-path} with {@code destinationCallData} into a test-only vault ({@code TestOnlyVault}), sent by an
 * ethers v6 wallet. The vault credits its beneficiary with exactly the delivered amount, at least the route's minimum,
 * and /status is DONE / COMPLETED; a call that reverts, runs out of its gas or returns a huge revert reason leaves the
 * whole output with the fallback address and /status DONE / DESTINATION_CALL_FAILED; nothing stays in the router,
 * the adapters or the executor.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DestinationCallAnvilTest {

    static final ChainId A = ChainId.of(1);
    static final ChainId B = ChainId.of(10);
    static final String WALLET_KEY = AnvilHarness.DEV_KEYS.get(3);
    static final Address WALLET = Address.evm("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    static final Address RELAYER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    static final Address BENEFICIARY = Address.evm("0x00000000000000000000000000000000000BEEF1");
    static final Address FALLBACK = Address.evm("0x0000000000000000000000000000000000FA11BA");
    static final BigInteger USDC = BigInteger.TEN.pow(6);

    static final Map<ChainId, Deployer.Result> contracts = new HashMap<>();
    static final Map<ChainId, Address> vaults = new HashMap<>();
    static Side a;
    static Side b;
    static AnvilHarness.Relayer relayer;

    @LocalServerPort
    int port;


    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        // the same two chains as ChainStatusAnvilTest (its side() funds this wallet too), one confirmation
        a = ChainStatusAnvilTest.side(A, "");
        b = ChainStatusAnvilTest.side(B, ", {\"address\": \"" + RELAYER + "\", \"native\": \"100\", \"tokens\": "
                + "{\"USDC\": \"1000000\"}}");
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("junction.market.source", "chain");
        ChainStatusAnvilTest.chain(properties, a, b, 1);
        ChainStatusAnvilTest.chain(properties, b, a, 1);
        properties.put("junction.rpc.timeout", "5s");
        properties.put("junction.rpc.max-attempts", "2");
        contracts.putAll(TwoChainAcross.deployRouters(properties, a, b));
        JsonNode vault = TestContracts.artifact("test/support/TestOnlyVault.sol", "TestOnlyVault");
        for (Side s : List.of(a, b)) {
            vaults.put(s.id(), deploy(s, vault.path("bytecode").asString()));
        }
        properties.forEach((k, v) -> registry.add(k, () -> v));
        relayer = TwoChainAcross.startRelayer(a, b);
    }

    static Address deploy(Side s, String bytecode) {
        String from = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266").lower();
        String hash = s.rpc().call("eth_sendTransaction", Map.of("from", from, "data", bytecode)).asString();
        return Address.evm(ChainStatusAnvilTest.receipt(s, hash).path("contractAddress").asString());
    }

    @AfterAll
    static void stop() {
        TwoChainAcross.stop(relayer, a, b);
    }

    // --- the tests ---

    @Test
    @Order(1)
    void sameChain_theVaultCreditsExactlyTheDeliveredAmount_statusDoneCompleted() throws Exception {
        Sent sent = buildAndSend(a, a, USDC.multiply(BigInteger.valueOf(1_000)), deposit(a.token("WETH")), 200_000);
        JsonNode done = awaitStatus(sent.hash(), A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger credited = credit(a, a.token("WETH"));
        assertThat(credited).isPositive().isGreaterThanOrEqualTo(sent.minAmountOut());
        assertThat(credited.toString()).isEqualTo(sent.built().path("route").path("amountOut").asString());
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(credited.toString());
        assertThat(balance(a, a.token("WETH"), FALLBACK)).isZero();
        assertNothingLeft(a);
    }

    @Test
    @Order(2)
    void sameChain_aFailingCallLeavesTheWholeOutputWithTheFallback_statusDestinationCallFailed() throws Exception {
        String[] failing = {
            selector("depositRefused(address,address)") + word(a.token("WETH")) + word(BENEFICIARY),
            selector("depositBurningGas(address,address)") + word(a.token("WETH")) + word(BENEFICIARY),
            selector("depositHugeRevert(uint256)") + word(BigInteger.valueOf(100_000))};
        long[] gas = {150_000, 300_000, 2_000_000};
        for (int i = 0; i < failing.length; i++) {
            BigInteger before = balance(a, a.token("WETH"), FALLBACK);
            BigInteger creditedBefore = credit(a, a.token("WETH"));
            Sent sent = buildAndSend(a, a, USDC.multiply(BigInteger.valueOf(300 + i)), failing[i], gas[i]);
            JsonNode done = awaitStatus(sent.hash(), A, r -> "DONE".equals(r.path("status").asString()));
            BigInteger got = balance(a, a.token("WETH"), FALLBACK).subtract(before);
            assertThat(got).as(failing[i].substring(0, 10)).isPositive().isGreaterThanOrEqualTo(sent.minAmountOut());
            assertThat(credit(a, a.token("WETH"))).isEqualTo(creditedBefore);
            assertThat(done.path("status").asString()).isEqualTo("DONE");
            assertThat(done.path("details").path("substatus").asString()).isEqualTo("DESTINATION_CALL_FAILED");
            assertThat(done.path("details").path("receivedAmount").asString()).isEqualTo(got.toString());
            assertThat(done.path("details").path("receivedToken").path("address").asString())
                    .isEqualTo(a.token("WETH").value());
            assertThat(done.path("details").path("message").asString()).contains(FALLBACK.value());
            assertNothingLeft(a);
        }
    }

    @Test
    @Order(3)
    void crossChainThroughAcross_theVaultOnTheDestinationCreditsTheDeliveredAmount() throws Exception {
        Sent sent = buildAndSend(a, b, USDC.multiply(BigInteger.valueOf(2_000)), deposit(b.token("WETH")), 200_000);
        JsonNode done = awaitStatus(sent.hash(), A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger credited = credit(b, b.token("WETH"));
        assertThat(credited).isPositive().isGreaterThanOrEqualTo(sent.minAmountOut());
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
        assertThat(done.path("routeKind").asString()).isEqualTo("crossChainSwap");
        assertThat(done.path("toAsset").path("amount").asString()).isEqualTo(credited.toString());
        assertThat(done.path("destTxDetails").path("chainId").asLong()).isEqualTo(B.value());
        assertNothingLeft(a);
        assertNothingLeft(b);
    }

    @Test
    @Order(4)
    void crossChainThroughAcross_aRevertingCallPaysTheFallbackAtFill() throws Exception {
        BigInteger before = balance(b, b.token("WETH"), FALLBACK);
        String refused = selector("depositRefused(address,address)") + word(b.token("WETH")) + word(BENEFICIARY);
        Sent sent = buildAndSend(a, b, USDC.multiply(BigInteger.valueOf(1_500)), refused, 150_000);
        JsonNode done = awaitStatus(sent.hash(), A, r -> "DONE".equals(r.path("status").asString()));
        BigInteger got = balance(b, b.token("WETH"), FALLBACK).subtract(before);
        assertThat(got).isPositive().isGreaterThanOrEqualTo(sent.minAmountOut());
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("DESTINATION_CALL_FAILED");
        assertThat(done.path("details").path("receivedAmount").asString()).isEqualTo(got.toString());
        assertNothingLeft(b);
    }

    @Test
    @Order(5)
    void crossChain_aQuoteWithACallChargesItsGasToTheAcrossStepAtTheDestinationsGasPrice() throws Exception {
        long callGas = DestinationCallGas.of(deposit(b.token("WETH")), BigInteger.valueOf(200_000));
        String toUsdc = "/quote?fromChain=" + A.value() + "&toChain=" + B.value() + "&fromToken=" + a.token("USDC")
                + "&toToken=" + b.token("USDC") + "&amount=" + USDC.multiply(BigInteger.valueOf(1_000)) + "&sender="
                + WALLET + "&receiver=" + vaults.get(B) + "&includeProvider=across&includeProvider=uniswap-v3";
        String toWeth = toUsdc.replace("&toToken=" + b.token("USDC"), "&toToken=" + b.token("WETH"));
        String call = "&destinationCallData=" + deposit(b.token("WETH")) + "&destinationGasLimit=200000";
        for (int attempt = 1; ; attempt++) {
            JsonNode before = chainView(B);
            JsonNode plain = across(get(toUsdc));
            JsonNode called = across(get(toUsdc + call));
            JsonNode swapped = across(get(toWeth));
            JsonNode swappedAndCalled = across(get(toWeth + call));
            JsonNode after = chainView(B);
            if (!before.path("gasPriceWei").equals(after.path("gasPriceWei")) && attempt < 5) {
                continue; // the market read a new gas price between the quotes
            }
            BigInteger gasPrice = new BigInteger(before.path("gasPriceWei").asString());
            JsonNode nativeToken = before.path("nativeToken").isObject() ? before.path("nativeToken")
                    : before.path("wrappedNativeToken");
            Token eth = new Token(B, Address.NATIVE, 18, "ETH", "ETH", "", nativeToken.path("priceUsd").asDouble());
            JsonNode input = plain.path("fromToken");
            LongFunction<BigInteger> charge = units -> BigDecimal.valueOf(
                    eth.usd(BigInteger.valueOf(units).multiply(gasPrice))).movePointRight(input.path("decimals").asInt())
                    .divide(BigDecimal.valueOf(input.path("priceUsd").asDouble()), 0, RoundingMode.CEILING)
                    .toBigIntegerExact();
            assertThat(gasPrice).isPositive();
            assertThat(charge.apply(callGas)).isPositive();
            BigInteger laneFee = new BigInteger(plain.path("bridgeFee").asString());
            assertThat(new BigInteger(called.path("bridgeFee").asString()).subtract(laneFee))
                    .as("a call alone: its gas").isEqualTo(charge.apply(callGas));
            assertThat(new BigInteger(plain.path("toAmount").asString())
                    .subtract(new BigInteger(called.path("toAmount").asString()))).isEqualTo(charge.apply(callGas));
            // a destination swap: the filler's hand-over and the swap's measured V3 row (plus the ticks it crosses)
            RouterGasTable table;
            try (InputStream json = RouterGasTable.class.getResourceAsStream("router-gas.json")) {
                table = RouterGasTable.read(json);
            }
            long swapGas = Across.DELIVERY_GAS + table.step("uniswap-v3").first();
            long tick = table.figure("v3TickCrossed");
            BigInteger legCharge = new BigInteger(swapped.path("bridgeFee").asString()).subtract(laneFee);
            assertThat(legCharge).as("the leg's steps are charged").isIn(charge.apply(swapGas),
                    charge.apply(swapGas + tick), charge.apply(swapGas + 2 * tick));
            BigInteger both = new BigInteger(swappedAndCalled.path("bridgeFee").asString()).subtract(laneFee);
            assertThat(both).as("the hand-over, the swap and the call as one figure").isIn(
                    charge.apply(swapGas + callGas), charge.apply(swapGas + tick + callGas),
                    charge.apply(swapGas + 2 * tick + callGas));
            return;
        }
    }

    /**
     * What the filler of a real SpokePool spends to run a destination swap, against what the Across step is charged for
     * it: the fill of a deposit carrying a one-swap leg less the fill of the same-sized deposit paying USDC directly
     * (each to a fresh receiver) is within {@code Across.DELIVERY_GAS} and the swap's V3 row (its swap crosses no
     * tick). The figure's source: 106,863 extra, 25,088 over the row.
     */
    @Test
    @Order(6)
    void crossChain_theFillersExtraGasForADestinationSwapIsWithinItsCharge() throws Exception {
        BigInteger amount = USDC.multiply(BigInteger.valueOf(100));
        long plainFill = fillGas(buildAndSendTo(b.token("USDC"), amount,
                Address.evm("0x00000000000000000000000000000000000BEEF2")));
        long legFill = fillGas(buildAndSendTo(b.token("WETH"), amount,
                Address.evm("0x00000000000000000000000000000000000BEEF3")));
        RouterGasTable table;
        try (InputStream json = RouterGasTable.class.getResourceAsStream("router-gas.json")) {
            table = RouterGasTable.read(json);
        }
        long swapRow = table.step("uniswap-v3").first();
        System.out.println("Across fill gas: plain " + plainFill + ", with a one-V3-swap leg " + legFill
                + "; the leg's extra " + (legFill - plainFill) + ", less the V3 row " + (legFill - plainFill - swapRow));
        assertThat(legFill - plainFill).as("the filler's extra gas is charged")
                .isLessThanOrEqualTo(Across.DELIVERY_GAS + swapRow);
    }

    /** The gas used by the relayer's fill of a cross-chain route sent from A. */
    long fillGas(String hash) throws Exception {
        JsonNode done = awaitStatus(hash, A, r -> "DONE".equals(r.path("status").asString()));
        assertThat(done.path("details").path("substatus").asString()).isEqualTo("COMPLETED");
        String fill = done.path("destTxDetails").path("txHash").asString();
        return Long.decode(ChainStatusAnvilTest.receipt(b, fill).path("gasUsed").asString());
    }

    /** {@code /build-best-path} from A's USDC to {@code toToken} on B without a call, sent by the ethers wallet. */
    String buildAndSendTo(Address toToken, BigInteger amount, Address receiver) throws Exception {
        JsonNode built = get("/build-best-path?fromChain=" + A.value() + "&toChain=" + B.value() + "&fromToken="
                + a.token("USDC") + "&toToken=" + toToken + "&amount=" + amount + "&sender=" + WALLET + "&receiver="
                + receiver + "&includeProvider=across&includeProvider=uniswap-v3");
        assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
        JsonNode tx = built.path("data").path("Tx");
        return AnvilHarness.sendBuiltTx(a.anvil().rpcUrl().toString(), WALLET_KEY, A.value(), a.token("USDC"),
                amount, tx).path("hash").asString();
    }

    /** The Across step of the first route of a /quote answer. */
    static JsonNode across(JsonNode answer) {
        assertThat(answer.path("httpStatus").asInt()).as(answer.toString()).isEqualTo(200);
        for (JsonNode step : answer.path("data").get(0).path("path")) {
            if ("across".equals(step.path("provider").path("name").asString())) {
                return step;
            }
        }
        throw new AssertionError("no Across step in " + answer);
    }

    JsonNode chainView(ChainId id) throws Exception {
        for (JsonNode c : get("/chains").path("data").path("chains")) {
            if (c.path("id").asLong() == id.value()) {
                return c;
            }
        }
        throw new AssertionError("chain " + id + " not in /chains");
    }

    // --- building and sending ---

    record Sent(String hash, JsonNode built, BigInteger minAmountOut) {
    }

    /** {@code /build-best-path} into the vault with {@code call}, sent by the ethers v6 wallet (approve, then send). */
    Sent buildAndSend(Side from, Side to, BigInteger amount, String call, long gasLimit) throws Exception {
        JsonNode built = get("/build-best-path?fromChain=" + from.id().value() + "&toChain=" + to.id().value()
                + "&fromToken=" + from.token("USDC") + "&toToken=" + to.token("WETH") + "&amount=" + amount
                + "&sender=" + WALLET + "&receiver=" + vaults.get(to.id()) + "&destinationCallData=" + call
                + "&destinationGasLimit=" + gasLimit + "&fallbackAddress=" + FALLBACK + "&includeRoute=true");
        assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
        JsonNode tx = built.path("data").path("Tx");
        var params = RouterCallDecoder.executeRoute(Hex.decode(tx.path("data").asString())).params();
        assertThat(Address.evm(params.fallbackAddress.getValue())).isEqualTo(FALLBACK);
        assertThat(Hex.encode(params.destinationCallData.getValue())).isEqualTo(call);
        JsonNode sent = AnvilHarness.sendBuiltTx(from.anvil().rpcUrl().toString(), WALLET_KEY, from.id().value(),
                from.token("USDC"), amount, tx);
        return new Sent(sent.path("hash").asString(), built.path("data"), params.minAmountOut.getValue());
    }

    String deposit(Address token) {
        return selector("depositAllowance(address,address)") + word(token) + word(BENEFICIARY);
    }

    static String selector(String signature) {
        return Hex.encode(Abi.selector(signature));
    }

    static String word(Address a) {
        return "0".repeat(24) + a.lower().substring(2);
    }

    static String word(BigInteger n) {
        String hex = n.toString(16);
        return "0".repeat(64 - hex.length()) + hex;
    }

    BigInteger credit(Side s, Address token) {
        String out = s.rpc().call("eth_call", Map.of("to", vaults.get(s.id()).lower(), "data",
                selector("credit(address,address)") + word(token) + word(BENEFICIARY)), "latest").asString();
        return new BigInteger(out.substring(2), 16);
    }

    static BigInteger balance(Side s, Address token, Address owner) {
        String out = s.rpc().call("eth_call", Map.of("to", token.lower(), "data",
                selector("balanceOf(address)") + word(owner)), "latest").asString();
        return new BigInteger(out.substring(2), 16);
    }

    /** No token in the router, its executor or the adapters, no approval left by the executor. */
    static void assertNothingLeft(Side s) {
        Deployer.Result c = contracts.get(s.id());
        List<Address> holders = new ArrayList<>(c.adapters().values());
        holders.add(c.router());
        holders.add(RouterAbi.executorOf(c.router()));
        for (String symbol : List.of("USDC", "WETH")) {
            for (Address holder : holders) {
                assertThat(balance(s, s.token(symbol), holder)).as(symbol + " left in " + holder).isZero();
            }
        }
        String allowance = s.rpc().call("eth_call", Map.of("to", s.token("WETH").lower(), "data",
                selector("allowance(address,address)") + word(RouterAbi.executorOf(c.router()))
                        + word(vaults.get(s.id()))), "latest").asString();
        assertThat(new BigInteger(allowance.substring(2), 16)).isZero();
    }

    // --- HTTP ---

    JsonNode get(String path) throws Exception {
        return JunctionHttp.get(port, path);
    }

    /** Polls /status every 100 ms until {@code until} holds, mining a block each time (confirmations); 60 s at most. */
    JsonNode awaitStatus(String hash, ChainId chain, Predicate<JsonNode> until) throws Exception {
        JsonNode last = null;
        for (int i = 0; i < 600; i++) {
            JsonNode r = get("/status?txHash=" + URLEncoder.encode(hash, StandardCharsets.UTF_8) + "&fromChainId="
                    + chain.value());
            last = r.path("data");
            if (until.test(last)) {
                return last;
            }
            a.rpc().call("evm_mine");
            b.rpc().call("evm_mine");
            ChainStatusAnvilTest.sleep(100);
        }
        throw new AssertionError("status of " + hash + " did not reach the expected state: " + last);
    }
}
