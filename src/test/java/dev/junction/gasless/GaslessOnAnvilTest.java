package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.calldata.RouterAbi;
import dev.junction.calldata.RouterErrors;
import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chainmarket.TestContracts;
import dev.junction.deploy.Deployer;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcException;
import dev.junction.protocol.Protocols;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.support.TestDatabase;
import dev.junction.webhooks.PushChecks;
import dev.junction.webhooks.WebhookReceiver;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A gasless swap on a real chain, end to end (issue 15): anvil with the real Uniswap V2/V3, WETH9 and Permit2
 * bytecode (the chains harness, from npm), Junction's router and adapters deployed by the deploy module's
 * {@link Deployer} (CREATE2), Junction in chain mode with a relayer key. The owner signs the typed data
 * /gasless/quote returns with ethers v6 {@code signTypedData}; Junction's relayer sends
 * {@code executeRouteWithPermit}; the receiver gets at least the minimum, the Permit2 nonce is spent, /status answers
 * DONE with the real transaction hash; a second submit returns the same swap; a replay of the signature on chain
 * fails; an owner who has not approved Permit2 is refused (4010). Issue 40: a relayed swap's webhook events (to a
 * receiver on loopback) carry, at every step the test mines, the body GET /status answers from the chain, to DONE.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GaslessOnAnvilTest {

    static final long CHAIN = 31_337;
    static final String OWNER_KEY = AnvilHarness.DEV_KEYS.get(2);
    static final Address OWNER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    static final String UNAPPROVED_KEY = AnvilHarness.DEV_KEYS.get(1);
    static final Address UNAPPROVED = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    static final String RELAYER_KEY = AnvilHarness.DEV_KEYS.get(3);
    static final Address RELAYER = Address.evm("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    static final Address DEPLOYER = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    static final Address RECEIVER = Address.evm("0x000000000000000000000000000000000000beef");
    static final Address FEES = Address.evm("0x000000000000000000000000000000000000fee5");

    static AnvilProcess anvil;
    static JsonRpcClient node;
    static Address usdc;
    static Address weth;
    static Deployer.Result contracts;

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();
    static final JsonMapper JSON = JsonMapper.builder().build();

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        node = anvil.rpc();
        JsonNode market = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "100"}]},
                 "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 3000, "priceAInB": "3000",
                                          "amountA": "100"}]},
                 "fund": [{"address": "%s", "tokens": {"USDC": "100000"}},
                          {"address": "%s", "tokens": {"USDC": "100000"}}]}
                """.formatted(OWNER, UNAPPROVED));
        usdc = Address.evm(market.path("tokens").path("USDC").asString());
        weth = Address.evm(market.path("tokens").path("WETH").asString());
        assertThat(Address.evm(market.path("permit2").asString())).isEqualTo(Permit2.ADDRESS);
        Address v2Factory = Address.evm(market.path("uniswapV2").path("factory").asString());
        Address v3Factory = Address.evm(market.path("uniswapV3").path("factory").asString());

        String at = "junction.chains." + CHAIN + ".";
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.datasource.url", "jdbc:h2:mem:gasless-anvil-" + UUID.randomUUID() + ";"
                + TestDatabase.H2_FLAGS + ";DB_CLOSE_DELAY=-1");
        properties.put("junction.market.source", "chain");
        properties.put(at + "name", "Anvil");
        properties.put(at + "rpc-url", anvil.rpcUrl().toString());
        properties.put(at + "tokens", weth.value() + "," + usdc.value());
        properties.put(at + "wrapped-native", weth.value());
        properties.put(at + "stablecoins", usdc.value());
        properties.put(at + "dexes.uniswap-v2.kind", "uniswap-v2");
        properties.put(at + "dexes.uniswap-v2.factory", v2Factory.value());
        properties.put(at + "dexes.uniswap-v3.kind", "uniswap-v3");
        properties.put(at + "dexes.uniswap-v3.factory", v3Factory.value());
        properties.put(at + "dexes.uniswap-v3.fee-tiers", "3000");
        properties.put(at + "confirmations", "2");
        properties.put(at + "block-time", "1s");
        properties.put(at + "max-staleness", "10s");
        properties.put(at + "poll-interval", "200ms");
        // Junction's router and adapters, by the deploy command's deployer (CREATE2, owner dev account 0: DEPLOYER)
        ChainSettings settings = ChainsSettings.bind(new Binder(new MapConfigurationPropertySource(properties)), Protocols.dexKinds()).all()
                .getFirst();
        contracts = new Deployer(settings, node, AnvilHarness.DEV_KEYS.get(0)).deploy(Optional.empty());
        properties.put(at + "router", contracts.router().value());
        properties.put("junction.relayer.private-key", RELAYER_KEY);
        properties.put("junction.relayer.fee-recipient", FEES.value());
        properties.put("junction.relayer.poll-interval-ms", "200");
        // issue 40: the relayed swap's events pushed to a webhook on loopback
        properties.put("junction.webhooks.allowed-hosts", "127.0.0.1");
        properties.put("junction.webhooks.watch-interval", "200ms");
        properties.put("junction.webhooks.poll-interval", "100ms");
        properties.forEach((k, v) -> registry.add(k, () -> v));

        // the owner approves Permit2 once (the one transaction a gasless user ever sends); the other owner does not
        anvil.send(OWNER, usdc, "0x095ea7b3" + word(Permit2.ADDRESS) + "f".repeat(64));
        // from now on a block a second, so the relayer's transaction collects its confirmations
        node.call("evm_setIntervalMining", 1);
    }

    @AfterAll
    static void stopAnvil() {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    @Order(1)
    void aModeThreeSwapSignedWithEthersRunsOnChainThroughTheRelayerAndReachesDone() throws Exception {
        BigInteger amount = BigInteger.valueOf(1_000_000_000L); // 1,000 USDC
        JsonNode quote = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=" + amount + "&sender=" + OWNER + "&receiver=" + RECEIVER
                + "&acquisitionMode=3");
        assertThat(quote.path("code").asInt()).as(quote.toString()).isZero();
        JsonNode item = quote.path("data").get(0);
        JsonNode eip712 = item.path("eip712");
        assertThat(eip712.path("primaryType").asString()).isEqualTo("PermitWitnessTransferFrom");
        assertThat(eip712.path("types").propertyNames()).containsExactly("PermitWitnessTransferFrom", "JunctionRoute",
                "TokenPermissions");
        assertThat(Address.evm(eip712.at("/domain/verifyingContract").asString())).isEqualTo(Permit2.ADDRESS);
        assertThat(eip712.at("/domain/chainId").asLong()).isEqualTo(CHAIN);
        JsonNode message = eip712.path("message");
        assertThat(Address.evm(message.path("spender").asString())).isEqualTo(contracts.router());
        assertThat(message.at("/permitted/amount").asString()).isEqualTo(amount.toString());
        JsonNode witness = message.path("witness");
        assertThat(witness.path("quoteId").asString()).isEqualTo(item.path("quoteId").asString());
        assertThat(Address.evm(witness.path("receiver").asString())).isEqualTo(RECEIVER);
        assertThat(witness.path("minAmountOut").asString()).isEqualTo(item.at("/quote/amountOutMin").asString());
        // the relayer's fee is the route's fee: feeBps of amountIn, floor, to the relayer's fee address
        int feeBps = Integer.parseInt(witness.path("feeBps").asString());
        assertThat(feeBps).isPositive();
        assertThat(Address.evm(witness.path("feeRecipient").asString())).isEqualTo(FEES);
        BigInteger fee = amount.multiply(BigInteger.valueOf(feeBps)).divide(BigInteger.valueOf(10_000));
        assertThat(item.at("/fee/feeAmount").asString()).isEqualTo(fee.toString());
        assertThat(Address.evm(item.at("/fee/feeRecipient").asString())).isEqualTo(FEES);
        assertThat(item.at("/calldataTemplate/innerData").asString())
                .startsWith(RouterAbi.selector(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT));

        JsonNode signed = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY);
        BigInteger receiverBefore = balance(weth, RECEIVER);
        BigInteger ownerBefore = balance(usdc, OWNER);
        JsonNode submitted = submit(item.path("quoteId").asString(), signed.path("signature").asString());
        assertThat(submitted.path("code").asInt()).as(submitted.toString()).isZero();
        String txHash = submitted.at("/data/executionTxHash").asString();
        assertThat(submitted.at("/data/status").asString()).isEqualTo("PENDING");

        JsonNode status = awaitEnd(txHash);
        assertThat(status.at("/data/status").asString()).as(status.toString()).isEqualTo("DONE");
        assertThat(status.at("/data/srcTxDetails/txHash").asString()).isEqualTo(txHash);

        JsonNode receipt = node.call("eth_getTransactionReceipt", txHash);
        assertThat(receipt.path("status").asString()).isEqualTo("0x1");
        assertThat(Address.evm(receipt.path("from").asString())).isEqualTo(RELAYER);
        assertThat(Address.evm(receipt.path("to").asString())).isEqualTo(contracts.router());
        BigInteger received = balance(weth, RECEIVER).subtract(receiverBefore);
        assertThat(received).isGreaterThanOrEqualTo(new BigInteger(item.at("/quote/amountOutMin").asString()));
        assertThat(status.at("/data/toAsset/amount").asString()).isEqualTo(received.toString());
        assertThat(ownerBefore.subtract(balance(usdc, OWNER))).isEqualTo(amount);
        assertThat(balance(usdc, FEES)).isEqualTo(fee);
        // the owner's Permit2 nonce is spent
        BigInteger nonce = new BigInteger(item.path("nonce").asString());
        String bitmap = node.call("eth_call", Map.of("to", Permit2.ADDRESS.lower(), "data",
                RouterAbi.selector("nonceBitmap(address,uint256)") + word(OWNER) + String.format("%064x", nonce.shiftRight(8))), "latest").asString();
        assertThat(Quantities.big(bitmap).testBit(nonce.intValue() & 0xff)).isTrue();

        // the same quote and signature again: the same swap
        JsonNode again = submit(item.path("quoteId").asString(), signed.path("signature").asString());
        assertThat(again.at("/data/swapId").asString()).isEqualTo(submitted.at("/data/swapId").asString());
        assertThat(again.at("/data/executionTxHash").asString()).isEqualTo(txHash);

        // a replay of the signed transaction on chain, by anyone: Permit2 refuses the spent nonce
        String input = node.call("eth_getTransactionByHash", txHash).path("input").asString();
        assertThatThrownBy(() -> node.call("eth_call", Map.of("from", DEPLOYER.lower(), "to",
                contracts.router().lower(), "data", input), "latest"))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(
                        RouterErrors.decode(e.data().orElse(null), e.getMessage()).name()).isEqualTo("InvalidNonce"));
    }

    @Test
    @Order(2)
    void anOwnerWithoutAPermit2AllowanceIsRefusedWith4010AndNothingIsSent() throws Exception {
        BigInteger amount = BigInteger.valueOf(500_000_000L);
        JsonNode item = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=" + amount + "&sender=" + UNAPPROVED + "&acquisitionMode=3")
                .path("data").get(0);
        String signature = EthersWallet.sign(JSON.writeValueAsString(item), UNAPPROVED_KEY).path("signature")
                .asString();
        long relayerNonce = nonceOf(RELAYER);
        JsonNode refused = submit(item.path("quoteId").asString(), signature);
        assertThat(refused.path("code").asInt()).as(refused.toString()).isEqualTo(4010);
        assertThat(refused.path("httpStatus").asInt()).isBetween(400, 499);
        assertThat(refused.path("message").asString()).contains(UNAPPROVED.toString()).contains(usdc.toString())
                .contains(amount + " short");
        Thread.sleep(1_500);
        assertThat(nonceOf(RELAYER)).isEqualTo(relayerNonce);
    }

    @Test
    @Order(3)
    void modeTwoIsRefusedWith4008WhileTheRelayerIsNotRegisteredOnTheRouter() throws Exception {
        JsonNode refused = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=1000000&sender=" + OWNER + "&acquisitionMode=2");
        assertThat(refused.path("code").asInt()).as(refused.toString()).isEqualTo(4008);
        assertThat(refused.path("message").asString()).contains(RELAYER.toString()).contains("not registered");
    }

    @Test
    @Order(4)
    void aTransactionThatWouldRevertIsRefusedWith3007NamingTheRoutersErrorAndNothingIsSent() throws Exception {
        JsonNode item = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=2000000&sender=" + OWNER + "&acquisitionMode=3").path("data").get(0);
        String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature").asString();
        anvil.send(DEPLOYER, contracts.router(), RouterAbi.selector("pause()"));
        try {
            long relayerNonce = nonceOf(RELAYER);
            JsonNode refused = submit(item.path("quoteId").asString(), signature);
            assertThat(refused.path("code").asInt()).as(refused.toString()).isEqualTo(3007);
            assertThat(refused.path("httpStatus").asInt()).isEqualTo(422);
            assertThat(refused.path("message").asString()).contains("EnforcedPause");
            Thread.sleep(1_500);
            assertThat(nonceOf(RELAYER)).isEqualTo(relayerNonce);
        } finally {
            anvil.send(DEPLOYER, contracts.router(), RouterAbi.selector("unpause()"));
        }
        // the refusal changed nothing: the same signature goes through once the router runs again
        JsonNode accepted = submit(item.path("quoteId").asString(), signature);
        assertThat(accepted.path("code").asInt()).as(accepted.toString()).isZero();
        assertThat(awaitEnd(accepted.at("/data/executionTxHash").asString()).at("/data/status").asString())
                .isEqualTo("DONE");
    }

    @Test
    @Order(5)
    void modeTwoRunsOnceTheRouterRegistersTheRelayer() throws Exception {
        anvil.send(DEPLOYER, contracts.router(), RouterAbi.selector("setRelayer(address,bool)") + word(RELAYER)
                + "0".repeat(63) + "1");
        BigInteger amount = BigInteger.valueOf(3_000_000L);
        JsonNode item = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=" + amount + "&sender=" + OWNER + "&receiver=" + RECEIVER
                + "&acquisitionMode=2").path("data").get(0);
        assertThat(item.at("/eip712/types").propertyNames()).containsExactly("PermitTransferFrom", "TokenPermissions");
        assertThat(Address.evm(item.at("/eip712/message/spender").asString())).isEqualTo(contracts.router());
        BigInteger before = balance(weth, RECEIVER);
        JsonNode submitted = submit(item.path("quoteId").asString(),
                EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature").asString());
        assertThat(submitted.path("code").asInt()).as(submitted.toString()).isZero();
        JsonNode status = awaitEnd(submitted.at("/data/executionTxHash").asString());
        assertThat(status.at("/data/status").asString()).as(status.toString()).isEqualTo("DONE");
        assertThat(balance(weth, RECEIVER).subtract(before))
                .isGreaterThanOrEqualTo(new BigInteger(item.at("/quote/amountOutMin").asString()));
    }

    @Test
    @Order(6)
    void aRelayerWithoutEtherIsRefused503With9006NamingItAndTheChainAndHealthSaysSo() throws Exception {
        JsonNode item = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=4000000&sender=" + OWNER + "&receiver=" + RECEIVER
                + "&acquisitionMode=3").path("data").get(0);
        String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature").asString();
        String funded = node.call("eth_getBalance", RELAYER.lower(), "latest").asString();
        long relayerNonce = nonceOf(RELAYER);
        // one wei short of nothing: the node would refuse every transaction of the relayer (insufficient funds)
        node.call("anvil_setBalance", RELAYER.lower(), "0x0");
        try {
            JsonNode refused = submit(item.path("quoteId").asString(), signature);
            assertThat(refused.path("code").asInt()).as(refused.toString()).isEqualTo(9006);
            assertThat(refused.path("httpStatus").asInt()).isEqualTo(503);
            assertThat(refused.path("message").asString()).contains(RELAYER.toString()).contains("chain " + CHAIN)
                    .contains("holds 0 wei");
            JsonNode health = get("/actuator/health");
            assertThat(health.at("/components/relayer/status").asString()).as(health.toString())
                    .isEqualTo("DEGRADED");
            assertThat(health.at("/components/relayer/details/" + CHAIN + "/state").asString()).isEqualTo("unfunded");
            assertThat(health.at("/components/relayer/details/" + CHAIN + "/relayer").asString())
                    .isEqualTo(RELAYER.toString());
            Thread.sleep(1_000);
            assertThat(nonceOf(RELAYER)).isEqualTo(relayerNonce);
        } finally {
            node.call("anvil_setBalance", RELAYER.lower(), funded);
        }
        // nothing was signed: the same signature goes through once the relayer is funded
        JsonNode accepted = submit(item.path("quoteId").asString(), signature);
        assertThat(accepted.path("code").asInt()).as(accepted.toString()).isZero();
        assertThat(awaitEnd(accepted.at("/data/executionTxHash").asString()).at("/data/status").asString())
                .isEqualTo("DONE");
        JsonNode health = get("/actuator/health");
        assertThat(health.at("/components/relayer/details/" + CHAIN + "/state").asString()).as(health.toString())
                .isEqualTo("funded");
    }

    @Test
    @Order(8)
    void aTransactionTheRelayerReplacedWithHigherFeesIsFollowedOnStatusByTheHashAnsweredAtSubmit() throws Exception {
        JsonNode item = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=6000000&sender=" + OWNER + "&receiver=" + RECEIVER
                + "&acquisitionMode=3").path("data").get(0);
        String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature").asString();
        long relayerNonce = nonceOf(RELAYER, "latest");
        node.call("evm_setIntervalMining", 0);
        node.call("evm_setAutomine", false);
        JsonNode accepted = submit(item.path("quoteId").asString(), signature);
        assertThat(accepted.path("code").asInt()).as(accepted.toString()).isZero();
        String txHash = accepted.at("/data/executionTxHash").asString();
        JsonNode first = node.call("eth_getTransactionByHash", txHash);
        for (int i = 0; i < 100 && first.isNull(); i++) {
            Thread.sleep(100);
            first = node.call("eth_getTransactionByHash", txHash);
        }
        assertThat(first.isNull()).as("the first version in the node's pool").isFalse();
        // blocks whose base fee the first version cannot pay: after replace-after-blocks (3) the relayer replaces it
        BigInteger maxFee = Quantities.big(first.path("maxFeePerGas").asString());
        node.call("anvil_setNextBlockBaseFeePerGas", "0x" + maxFee.shiftLeft(2).toString(16));
        node.call("anvil_mine", "0x4");
        node.call("evm_setIntervalMining", 1);

        JsonNode status = awaitEnd(txHash);
        assertThat(status.at("/data/status").asString()).as(status.toString()).isEqualTo("DONE");
        String included = status.at("/data/srcTxDetails/txHash").asString();
        assertThat(included).isNotEqualTo(txHash);
        assertThat(node.call("eth_getTransactionReceipt", txHash).isNull()).isTrue();
        JsonNode receipt = node.call("eth_getTransactionReceipt", included);
        assertThat(receipt.path("status").asString()).isEqualTo("0x1");
        assertThat(Address.evm(receipt.path("from").asString())).isEqualTo(RELAYER);
        assertThat(nonceOf(RELAYER, "latest")).isEqualTo(relayerNonce + 1);
    }

    /** Last: it moves the chain's clock past a permit deadline, after which a route built on the wall clock expires. */
    @Test
    @Order(11)
    void aSwapWhoseTransactionTheChainPassesThePermitDeadlineWithoutIncludingExpiresAndItsNonceIsCancelled()
            throws Exception {
        BigInteger amount = BigInteger.valueOf(5_000_000L);
        JsonNode item = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + weth + "&amount=" + amount + "&sender=" + OWNER + "&receiver=" + RECEIVER
                + "&acquisitionMode=3").path("data").get(0);
        long deadline = item.path("deadline").asLong();
        String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature").asString();
        BigInteger ownerBefore = balance(usdc, OWNER);
        long relayerNonce = nonceOf(RELAYER);
        // the node stops mining and the next block's base fee jumps above any max fee the relayer signs with now:
        // it refuses the transaction, which stays signed and recorded (its nonce taken)
        node.call("evm_setIntervalMining", 0);
        node.call("evm_setAutomine", false);
        node.call("anvil_setNextBlockBaseFeePerGas", "0xe8d4a51000"); // 1,000 gwei
        JsonNode accepted = submit(item.path("quoteId").asString(), signature);
        assertThat(accepted.path("code").asInt()).as(accepted.toString()).isZero();
        String txHash = accepted.at("/data/executionTxHash").asString();
        Thread.sleep(1_000);
        assertThat(node.call("eth_getTransactionByHash", txHash).isNull()).isTrue();
        // the chain passes the permit deadline (two blocks: the chain's confirmations) without it, and mines again
        node.call("evm_setNextBlockTimestamp", deadline + 1);
        node.call("anvil_mine", "0x2");
        node.call("evm_setIntervalMining", 1);

        JsonNode status = null;
        for (int i = 0; i < 600; i++) {
            status = get("/status?txHash=" + txHash + "&fromChainId=" + CHAIN);
            if ("EXPIRED".equals(status.at("/data/status").asString())) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(status.at("/data/status").asString()).as(status.toString()).isEqualTo("EXPIRED");
        assertThat(status.at("/data/details/substatus").asString()).isEqualTo("EXPIRED_BEFORE_EXECUTION");
        assertThat(status.at("/data/details/message").asString()).contains("permit deadline " + deadline);
        // the relayer's nonce was used by its 0-value cancellation: no gap, and the swap's transaction never ran
        for (int i = 0; i < 300 && nonceOf(RELAYER, "latest") <= relayerNonce; i++) {
            Thread.sleep(100);
        }
        assertThat(nonceOf(RELAYER, "latest")).isEqualTo(relayerNonce + 1);
        assertThat(nonceOf(RELAYER)).isEqualTo(relayerNonce + 1);
        assertThat(node.call("eth_getTransactionReceipt", txHash).isNull()).isTrue();
        assertThat(balance(usdc, OWNER)).isEqualTo(ownerBefore);
    }

    @Test
    @Order(7)
    void aRelayedSwapIsPushedWithWhatStatusAnswersFromTheChainAtEveryStepToDone() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode hook = post("/webhooks", Map.of("url", receiver.url("/gasless")));
            assertThat(hook.path("code").asInt()).as(hook.toString()).isZero();
            JsonNode quote = get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                    + "&toToken=" + weth + "&amount=50000000&sender=" + OWNER + "&receiver=" + RECEIVER
                    + "&acquisitionMode=3");
            assertThat(quote.path("code").asInt()).as(quote.toString()).isZero();
            JsonNode item = quote.path("data").get(0);
            String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature")
                    .asString();
            // the chain moves only when the test mines: each step's /status answer holds while it is compared
            node.call("evm_setIntervalMining", 0);
            node.call("evm_setAutomine", false);
            String txHash;
            try {
                JsonNode accepted = submit(item.path("quoteId").asString(), signature);
                assertThat(accepted.path("code").asInt()).as(accepted.toString()).isZero();
                txHash = accepted.at("/data/executionTxHash").asString();
                // the relayer's transaction in the node's pool, then in a block (1 of 2 confirmations)
                assertPushedAsStatusAnswers(receiver, txHash, "RECEIVED", "PENDING");
                node.call("evm_mine");
                assertPushedAsStatusAnswers(receiver, txHash, "WAIT_SOURCE_CONFIRMATIONS", "PENDING");
                node.call("evm_mine");
                JsonNode done = assertPushedAsStatusAnswers(receiver, txHash, "COMPLETED", "DONE");
                JsonNode receipt = node.call("eth_getTransactionReceipt", txHash);
                assertThat(Address.evm(receipt.path("from").asString())).isEqualTo(RELAYER);
                assertThat(done.at("/srcTxDetails/txHash").asString()).isEqualTo(txHash);
            } finally {
                node.call("evm_setIntervalMining", 1);
            }
            receiver.await(Duration.ofSeconds(30), PushChecks.allEnded(List.of(txHash)));
            PushChecks.assertCompleteInOrderSigned(receiver.received(), List.of(txHash),
                    hook.at("/data/secret").asString());
            List<JsonNode> pushed = PushChecks.byTx(receiver.received()).get(txHash);
            assertThat(pushed.stream().map(e -> e.at("/details/substatus").asString()).distinct().toList())
                    .containsExactly("RECEIVED", "WAIT_SOURCE_CONFIRMATIONS", "COMPLETED");
            // the status stream sends the same events: at a terminal state, the last one at once, then it ends
            HttpResponse<String> stream = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/status/stream?txHash=" + txHash + "&fromChainId=" + CHAIN)).build(),
                    HttpResponse.BodyHandlers.ofString());
            List<String> data = stream.body().lines().filter(l -> l.startsWith("data:"))
                    .map(l -> l.substring(5).strip()).toList();
            assertThat(data).hasSize(1);
            assertThat(JSON.readTree(data.getFirst())).isEqualTo(pushed.getLast());
        }
    }

    /**
     * Waits for the webhook event of the swap's change to {@code substatus}, and checks its body is what GET /status
     * answers now (the chain does not move meanwhile) plus the event's id, sequence and time.
     */
    JsonNode assertPushedAsStatusAnswers(WebhookReceiver receiver, String txHash, String substatus, String status)
            throws Exception {
        receiver.await(Duration.ofSeconds(60), got -> PushChecks.byTx(got).getOrDefault(txHash, List.of()).stream()
                .anyMatch(e -> substatus.equals(e.at("/details/substatus").asString())));
        JsonNode pushed = PushChecks.byTx(receiver.received()).get(txHash).stream()
                .filter(e -> substatus.equals(e.at("/details/substatus").asString())).findFirst().orElseThrow();
        assertThat(pushed.path("status").asString()).isEqualTo(status);
        ObjectNode body = (ObjectNode) pushed.deepCopy();
        body.remove(List.of("event", "sequence", "occurredAtMs"));
        JsonNode answered = get("/status?txHash=" + txHash + "&fromChainId=" + CHAIN).path("data");
        assertThat(body).as("the pushed body is GET /status's answer of that step").isEqualTo(answered);
        return pushed;
    }

    // --- issue 39: a destination call in a mode-3 gasless swap ---

    static final Address BENEFICIARY = Address.evm("0x000000000000000000000000000000000000bee1");
    static final Address FALLBACK = Address.evm("0x00000000000000000000000000000000fa11bac4");
    /** An unusual limit, so its word occurs once in the router call (the tampering test patches it). */
    static final long CALL_GAS = 234_567;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    @Order(9)
    void aModeThreeSwapWithADestinationCallCreditsTheVaultAndReachesDoneCompleted() throws Exception {
        Address vault = vault();
        // 10,000 USDC: at this chain's gas price the relayer's fee is several hundred USDC
        BigInteger amount = BigInteger.valueOf(10_000_000_000L);
        JsonNode without = callQuote(amount, vault, null);
        JsonNode item = callQuote(amount, vault, deposit(BENEFICIARY));
        // the witness binds the call and the fallback; the relayer's fee covers the call's gas
        JsonNode witness = item.at("/eip712/message/witness");
        assertThat(Address.evm(witness.path("fallbackAddress").asString())).isEqualTo(FALLBACK);
        assertThat(witness.path("destinationCall").asString())
                .isNotEqualTo(without.at("/eip712/message/witness/destinationCall").asString());
        assertThat(Integer.parseInt(witness.path("feeBps").asString()))
                .isGreaterThanOrEqualTo(Integer.parseInt(without.at("/eip712/message/witness/feeBps").asString()));

        String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature").asString();
        BigInteger ownerBefore = balance(usdc, OWNER);
        JsonNode submitted = submit(item.path("quoteId").asString(), signature);
        assertThat(submitted.path("code").asInt()).as(submitted.toString()).isZero();
        JsonNode status = awaitEnd(submitted.at("/data/executionTxHash").asString());
        assertThat(status.at("/data/status").asString()).as(status.toString()).isEqualTo("DONE");
        assertThat(status.at("/data/details/substatus").asString()).isEqualTo("COMPLETED");
        BigInteger credited = credit(vault, BENEFICIARY);
        assertThat(credited).isGreaterThanOrEqualTo(new BigInteger(item.at("/quote/amountOutMin").asString()));
        assertThat(status.at("/data/toAsset/amount").asString()).isEqualTo(credited.toString());
        assertThat(balance(weth, FALLBACK)).isZero();
        assertThat(balance(weth, vault)).isEqualTo(credited);
        assertThat(ownerBefore.subtract(balance(usdc, OWNER))).isEqualTo(amount);
    }

    /**
     * The relayer's router call altered after the owner signed (as a compromised store or relayer would): another
     * destinationCallData, destinationGasLimit or fallbackAddress fails Permit2's signature check, so the relayer's
     * simulation refuses it (3007, nothing sent) and the owner's tokens stay where they were.
     */
    @Test
    @Order(10)
    void alteringTheCallItsGasLimitOrTheFallbackAfterSigningFailsThePermitOnChainAndMovesNothing() throws Exception {
        Address vault = vault();
        Address other = Address.evm("0x000000000000000000000000000000000000bee2");
        Address otherFallback = Address.evm("0x00000000000000000000000000000000fa11bac5");
        Map<String, String[]> alterations = new LinkedHashMap<>();
        alterations.put("destinationCallData", new String[] {word(BENEFICIARY), word(other)});
        alterations.put("destinationGasLimit", new String[] {String.format("%064x", CALL_GAS),
            String.format("%064x", CALL_GAS + 1)});
        alterations.put("fallbackAddress", new String[] {word(FALLBACK), word(otherFallback)});
        for (Map.Entry<String, String[]> alteration : alterations.entrySet()) {
            JsonNode item = callQuote(BigInteger.valueOf(5_000_000_000L), vault, deposit(BENEFICIARY));
            String quoteId = item.path("quoteId").asString();
            String signature = EthersWallet.sign(JSON.writeValueAsString(item), OWNER_KEY).path("signature")
                    .asString();
            byte[] stored = jdbc.queryForObject("SELECT inner_call FROM gasless_quote WHERE quote_id = ?",
                    byte[].class, quoteId);
            String call = Hex.encode(stored);
            String[] change = alteration.getValue();
            assertThat(call.split(change[0], -1)).as(alteration.getKey() + " occurs once in the call").hasSize(2);
            jdbc.update("UPDATE gasless_quote SET inner_call = ? WHERE quote_id = ?",
                    Hex.decode(call.replace(change[0], change[1])), quoteId);

            BigInteger ownerBefore = balance(usdc, OWNER);
            long relayerNonce = nonceOf(RELAYER);
            JsonNode refused = submit(quoteId, signature);
            assertThat(refused.path("code").asInt()).as(alteration.getKey() + ": " + refused).isEqualTo(3007);
            assertThat(refused.path("message").asString()).contains("InvalidSigner");
            assertThat(nonceOf(RELAYER)).isEqualTo(relayerNonce);
            assertThat(balance(usdc, OWNER)).isEqualTo(ownerBefore);
            assertThat(credit(vault, other)).isZero();
            assertThat(balance(weth, otherFallback)).isZero();
        }
    }

    private JsonNode callQuote(BigInteger amount, Address vault, String call) throws Exception {
        String query = "/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc + "&toToken="
                + weth + "&amount=" + amount + "&sender=" + OWNER + "&receiver=" + vault + "&acquisitionMode=3"
                + "&fallbackAddress=" + FALLBACK;
        JsonNode quote = get(call == null ? query : query + "&destinationCallData=" + call + "&destinationGasLimit="
                + CALL_GAS);
        assertThat(quote.path("code").asInt()).as(quote.toString()).isZero();
        return quote.path("data").get(0);
    }

    private static Address vaultAddress;

    private static synchronized Address vault() throws Exception {
        if (vaultAddress == null) {
            vaultAddress = anvil.deploy(DEPLOYER, TestContracts.artifact("test/support/TestOnlyVault.sol",
                    "TestOnlyVault").path("bytecode").asString());
        }
        return vaultAddress;
    }

    private String deposit(Address beneficiary) {
        return RouterAbi.selector("depositAllowance(address,address)") + word(weth) + word(beneficiary);
    }

    private BigInteger credit(Address vault, Address beneficiary) {
        return Quantities.big(node.call("eth_call", Map.of("to", vault.lower(), "data",
                RouterAbi.selector("credit(address,address)") + word(weth) + word(beneficiary)), "latest").asString());
    }

    // --- helpers ---

    JsonNode awaitEnd(String txHash) throws Exception {
        JsonNode status = null;
        for (int i = 0; i < 600; i++) {
            status = get("/status?txHash=" + txHash + "&fromChainId=" + CHAIN);
            String s = status.at("/data/status").asString();
            if ("DONE".equals(s) || "FAILED".equals(s)) {
                break;
            }
            Thread.sleep(100);
        }
        return status;
    }

    private static String word(Address a) {
        return "0".repeat(24) + a.lower().substring(2);
    }

    private static BigInteger balance(Address token, Address holder) {
        return Quantities.big(node.call("eth_call", Map.of("to", token.lower(), "data", "0x70a08231"
                + word(holder)), "latest").asString());
    }

    private static long nonceOf(Address a) {
        return nonceOf(a, "pending");
    }

    private static long nonceOf(Address a, String tag) {
        return Quantities.big(node.call("eth_getTransactionCount", a.lower(), tag).asString())
                .longValueExact();
    }

    JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        ((ObjectNode) body).put("httpStatus", r.statusCode());
        return body;
    }

    JsonNode post(String path, Object body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode json = JSON.readTree(r.body());
        ((ObjectNode) json).put("httpStatus", r.statusCode());
        return json;
    }

    JsonNode submit(String quoteId, String signature) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/gasless/submit-swap")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("quoteId", quoteId,
                        "signature", signature)))).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        ((ObjectNode) body).put("httpStatus", r.statusCode());
        return body;
    }
}
