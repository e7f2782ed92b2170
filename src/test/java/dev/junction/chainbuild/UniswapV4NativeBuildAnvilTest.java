package dev.junction.chainbuild;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.RouterAbi;
import dev.junction.calldata.RouterCallDecoder;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.Market;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import java.io.File;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Native ETH in and out through a Uniswap V4 native-currency pool, on Uniswap's own bytecode (v4-core 1.0.2's
 * PoolManager and PoolModifyLiquidityTest, v4-periphery 1.0.3's StateView, from npm) and Junction's router and V4
 * adapter as {@code junction deploy} deploys them: the {@code Tx} of {@code /build-best-path} in chain mode names the
 * native token on the V4 step itself (no wrap), an ethers v6 wallet sends it as it is, the receiver gets exactly the
 * route's {@code amountOut}, no WETH is minted or burned, and the router, its executor and the adapter keep nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UniswapV4NativeBuildAnvilTest {

    static final long CHAIN = 31_337;
    static final String DEV_KEY = AnvilHarness.DEV_KEYS.get(0);
    static final Address DEV = Address.evm(Credentials.create(DEV_KEY).getAddress());
    static final String WALLET_KEY = AnvilHarness.DEV_KEYS.get(2);
    static final Address WALLET = Address.evm(Credentials.create(WALLET_KEY).getAddress());
    static final String NATIVE = Address.NATIVE.value();
    static final String CORE = "contracts/node_modules/@uniswap/v4-core/out/";
    static final String PERIPHERY = "contracts/node_modules/@uniswap/v4-periphery/foundry-out/";
    static final String KEY = "(address,address,uint24,int24,address)";
    static final JsonMapper JSON = JsonMapper.builder().build();
    static final long GAS_TOLERANCE_PERCENT = 10;

    static AnvilProcess anvil;
    static JsonNode deployment;
    static String weth;
    static String usdc;

    @LocalServerPort
    int port;

    @Autowired
    Market live;

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        JsonNode market = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), DEV_KEY, """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "fund": [{"address": "%s", "native": "100", "tokens": {"USDC": "1000000"}},
                          {"address": "%s", "tokens": {"USDC": "10000000"}}]}
                """.formatted(WALLET, DEV));
        weth = market.path("tokens").path("WETH").asString();
        usdc = market.path("tokens").path("USDC").asString();
        Address poolManager = anvil.deploy(DEV, bytecode(CORE + "PoolManager.sol/PoolManager.json")
                + args(address(DEV)));
        Address stateView = anvil.deploy(DEV, bytecode(PERIPHERY + "StateView.sol/StateView.json")
                + args(address(poolManager)));
        Address liquidityRouter = anvil.deploy(DEV, bytecode(CORE
                + "PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json") + args(address(poolManager)));
        anvil.send(DEV, Address.evm(usdc), Abi.callHex("approve(address,uint256)", address(liquidityRouter),
                uint256(BigInteger.TWO.pow(256).subtract(BigInteger.ONE))));
        // native ETH/USDC 0.05% at 3,000 USDC per ETH: sqrtPriceX96 = sqrt(3000e6 / 1e18) * 2^96
        BigInteger sqrtPrice = BigInteger.valueOf(3_000_000_000L).shiftLeft(192).divide(BigInteger.TEN.pow(18))
                .sqrt();
        anvil.send(DEV, poolManager, Abi.callHex("initialize(" + KEY + ",uint160)", key(), uint256(sqrtPrice)));
        // full range (spacing 10): about 180 ETH and 550,000 USDC at this price; the router refunds unused ETH
        anvil.send(DEV, liquidityRouter, Abi.callHex("modifyLiquidity(" + KEY + ",(int24,int24,int256,bytes32),bytes)",
                key(), tuple(int256(-887_270), int256(887_270), int256(BigInteger.TEN.pow(16)),
                        bytes32(Bytes32.ZERO)), bytes(new byte[0])), BigInteger.TEN.pow(21));
        deployment = ChainBuildAnvil.deployJunction(anvil, CHAIN, List.of(weth, usdc), weth, List.of(usdc),
                List.of("uniswap-v4: {kind: uniswap-v4, pool-manager: \"%s\", state-view: \"%s\"}"
                        .formatted(poolManager, stateView)), DEV_KEY);
        String at = "junction.chains." + CHAIN + ".";
        registry.add("junction.market.source", () -> "chain");
        registry.add(at + "name", () -> "Anvil");
        registry.add(at + "rpc-url", () -> anvil.rpcUrl().toString());
        registry.add(at + "tokens", () -> weth + "," + usdc);
        registry.add(at + "wrapped-native", () -> weth);
        registry.add(at + "stablecoins", () -> usdc);
        registry.add(at + "dexes.uniswap-v4.kind", () -> "uniswap-v4");
        registry.add(at + "dexes.uniswap-v4.pool-manager", () -> poolManager.value());
        registry.add(at + "dexes.uniswap-v4.state-view", () -> stateView.value());
        registry.add(at + "router", () -> deployment.path(Long.toString(CHAIN)).path("router").asString());
        registry.add(at + "block-time", () -> "1s");
        registry.add(at + "poll-interval", () -> "50ms");
        registry.add("junction.rate-limit.enabled", () -> "false");
    }

    static Abi.Value key() {
        return tuple(address(Address.ZERO), address(Address.evm(usdc)), uint256(500), int256(10),
                address(Address.ZERO));
    }

    @AfterAll
    static void stop() throws Exception {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    void nativeInAndOutThroughTheV4NativePoolDeliverExactlyAmountOutWithoutWrapping() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String router = deployment.path(Long.toString(CHAIN)).path("router").asString();
        List<String> holders = new ArrayList<>(List.of(router, RouterAbi.executorOf(Address.evm(router)).value()));
        deployment.path(Long.toString(CHAIN)).path("adapters").forEach(a -> holders.add(a.asString()));
        record Case(String from, String to, BigInteger amount, boolean gasChecked) {
        }
        List<Case> cases = new ArrayList<>();
        // the pool's first trade each way writes its fee growth from zero (about 17,000 gas more than the router's
        // measured rows, whose pools had traded before): these two are not held to the gas tolerance
        cases.add(new Case(NATIVE, usdc, BigInteger.TEN.pow(16), false));
        cases.add(new Case(usdc, NATIVE, BigInteger.TEN.pow(7), false));
        for (int i = 0; i < 2; i++) {
            cases.add(new Case(NATIVE, usdc, BigInteger.TEN.pow(15).multiply(BigInteger.valueOf(
                    1 + random.nextInt(5_000))).add(BigInteger.valueOf(random.nextInt(1_000_000))), true));
            cases.add(new Case(usdc, NATIVE, BigInteger.TEN.pow(6).multiply(BigInteger.valueOf(
                    1 + random.nextInt(15_000))).add(BigInteger.valueOf(random.nextInt(1_000_000))), true));
        }
        for (Case c : cases) {
            String what = c.from() + " -> " + c.to() + ", amount " + c.amount() + ", seed " + seed;
            awaitNodeHead();
            JsonNode built = get("/build-best-path?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + c.from()
                    + "&toToken=" + c.to() + "&amount=" + c.amount() + "&sender=" + WALLET
                    + "&includeProvider=uniswap-v4&includeRoute=true");
            assertThat(built.path("httpStatus").asInt()).as(built.toString()).isEqualTo(200);
            JsonNode tx = built.path("data").path("Tx");
            JsonNode route = built.path("data").path("route");
            assertThat(tx.path("value").asString()).isEqualTo(c.from().equals(NATIVE) ? c.amount().toString() : "0");
            RouterCallDecoder.Route call = RouterCallDecoder.executeRoute(Hex.decode(tx.path("data").asString()));
            assertThat(call.steps()).as(what).hasSize(1);
            RouterCallDecoder.Step step = call.steps().getFirst();
            // the step itself names the native token: the router sends msg.value to the adapter / takes native back
            assertThat(Address.evm(c.from().equals(NATIVE) ? step.tokenIn.getValue() : step.tokenOut.getValue()))
                    .as(what).isEqualTo(Address.NATIVE);
            BigInteger wethSupply = wethSupply();

            ObjectNode send = JSON.createObjectNode();
            send.put("rpc", anvil.rpcUrl().toString()).put("privateKey", WALLET_KEY).put("fromToken", c.from())
                    .put("amount", c.amount().toString()).set("tx", tx);
            send.putArray("watch").add(c.to());
            JsonNode sent = AnvilHarness.sendBuiltTx(send);
            assertThat(sent.path("status").asInt()).as(what + ": " + sent).isEqualTo(1);
            BigInteger delta = new BigInteger(sent.path("balancesAfter").path(c.to()).asString())
                    .subtract(new BigInteger(sent.path("balancesBefore").path(c.to()).asString()));
            if (c.to().equals(NATIVE)) {
                delta = delta.add(new BigInteger(sent.path("gasUsed").asString()).multiply(gasPrice(sent)));
            }
            assertThat(delta).as(what).isEqualTo(new BigInteger(route.path("amountOut").asString()));
            assertThat(wethSupply()).as("no WETH minted or burned: " + what).isEqualTo(wethSupply);
            long quoted = Long.parseLong(route.path("gasFee").path("gasLimit").asString());
            long used = Long.parseLong(sent.path("gasUsed").asString());
            System.out.printf("gas of V4 native %s (%s): quoted %d, receipt %d, off by %+.1f%%%n",
                    c.from().equals(NATIVE) ? "in" : "out", what, quoted, used, 100.0 * (quoted - used) / used);
            if (c.gasChecked()) {
                assertThat(Math.abs(quoted - used)).as("quoted gas units %d vs the receipt's gasUsed %d for %s",
                        quoted, used, what).isLessThanOrEqualTo(used * GAS_TOLERANCE_PERCENT / 100);
            }
            for (String holder : holders) {
                for (String token : List.of(weth, usdc)) {
                    assertThat(balanceOf(token, holder)).as("%s of %s after %s", token, holder, what).isZero();
                }
                assertThat(nativeBalance(holder)).as("native of %s after %s", holder, what).isZero();
            }
        }
    }

    BigInteger wethSupply() {
        return AbiDecoder.uint(anvil.call(Address.evm(weth), Abi.callHex("totalSupply()"), anvil.blockNumber()), 0);
    }

    BigInteger balanceOf(String token, String holder) {
        return AbiDecoder.uint(anvil.call(Address.evm(token), Abi.callHex("balanceOf(address)",
                address(Address.evm(holder))), anvil.blockNumber()), 0);
    }

    BigInteger nativeBalance(String holder) {
        return new BigInteger(anvil.rpc().call("eth_getBalance", holder, "latest").asString().substring(2), 16);
    }

    BigInteger gasPrice(JsonNode sent) {
        return ChainBuildAnvil.gasPrice(anvil, sent);
    }

    void awaitNodeHead() throws InterruptedException {
        ChainBuildAnvil.awaitNodeHead(anvil, live, CHAIN);
    }

    JsonNode get(String path) throws Exception {
        return JunctionHttp.get(port, path);
    }

    static String bytecode(String path) throws Exception {
        return JSON.readTree(new File(path)).path("bytecode").path("object").asString();
    }

    static String args(Abi.Value... values) {
        return Abi.encodeHex(values).substring(2);
    }
}
