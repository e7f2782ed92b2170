package dev.junction.chainmarket;

import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.chain.ChainId;
import dev.junction.market.Market;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Chain mode against real Uniswap V2 and V3 bytecode on anvil (deployed by the chains harness from npm): every
 * {@code /quote} amount equals the contracts' own answer ({@code getAmountsOut}, QuoterV2) by {@code eth_call} at the
 * block the route names, to the wei, and stays so as another wallet swaps, mints and burns, as pools are created, after
 * reorgs, and through the node stopping and coming back.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChainModeAnvilTest {

    static final long CHAIN = 31_337;
    static final Address TRADER = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    static final Address SENDER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");

    static Path state;
    static AnvilProcess anvil;
    static JsonNode deployed;
    static Address weth;
    static Address usdc;
    static Address dai;
    static Address wbtc;
    static Address frax;
    static Address curve;
    static Address quoter;
    static Address router02;
    static Address swapRouter;
    static Address positions;

    @LocalServerPort
    int port;

    @Autowired
    Market market;

    @Autowired
    ChainMarket chainMarket;

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        state = Files.createTempFile("chainmode-anvil", ".json");
        Files.delete(state);
        anvil = AnvilProcess.start(CHAIN, "--state", state.toString(), "--state-interval", "1");
        deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}, {"symbol": "DAI", "decimals": 18},
                            {"symbol": "WBTC", "decimals": 8}, {"symbol": "FRAX", "decimals": 18}],
                 "uniswapV2": {"pairs": [{"a": "USDC", "b": "DAI", "priceAInB": "1", "amountA": "2000000"},
                                         {"a": "WETH", "b": "DAI", "priceAInB": "3000", "amountA": "300"}]},
                 "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 3000, "priceAInB": "3000",
                                          "amountA": "400"},
                                         {"a": "WBTC", "b": "WETH", "fee": 3000, "priceAInB": "20",
                                          "amountA": "40"}]},
                 "fund": [{"address": "%s", "native": "1000",
                           "tokens": {"USDC": "10000000", "DAI": "10000000", "WETH": "500", "WBTC": "100",
                                      "FRAX": "10000000"}}]}
                """.formatted(TRADER));
        weth = address("tokens", "WETH");
        usdc = address("tokens", "USDC");
        dai = address("tokens", "DAI");
        wbtc = address("tokens", "WBTC");
        quoter = address("uniswapV3", "quoterV2");
        router02 = address("uniswapV2", "router02");
        swapRouter = address("uniswapV3", "swapRouter");
        positions = address("uniswapV3", "positionManager");
        frax = address("tokens", "FRAX");
        for (Address t : List.of(weth, usdc, dai, wbtc)) {
            anvil.send(TRADER, t, UniswapCalls.approve(router02));
            anvil.send(TRADER, t, UniswapCalls.approve(swapRouter));
            anvil.send(TRADER, t, UniswapCalls.approve(positions));
        }
        // Curve: the test-only Solidity reproduction of a two-coin plain pool (no npm package ships Curve's Vyper
        // bytecode; docs/DECISIONS.md), DAI/FRAX, A 200, fee 0.04%, unbalanced.
        JsonNode artifact = TestContracts.artifact("test/support/TestOnlyCurveStableSwap.sol",
                "TestOnlyCurveStableSwap");
        curve = anvil.deploy(TRADER, artifact.path("bytecode").asString()
                + Abi.encodeHex(Abi.address(dai), Abi.address(frax), uint256(200), uint256(4_000_000)).substring(2));
        anvil.send(TRADER, dai, UniswapCalls.approve(curve));
        anvil.send(TRADER, frax, UniswapCalls.approve(curve));
        anvil.send(TRADER, curve, Abi.callHex("addLiquidity(uint256,uint256)",
                uint256(units("1000000", 18)), uint256(units("1300000", 18))));
        String at = ChainModeAnvil.registerChain(registry, anvil, CHAIN, "3s");
        ChainModeAnvil.registerOneShortRpcAttempt(registry);
        ChainModeAnvil.registerTokens(registry, CHAIN, List.of(weth, usdc, dai, wbtc, frax), weth,
                List.of(usdc, dai));
        registry.add(at + "dexes.curve.kind", () -> "curve");
        registry.add(at + "dexes.curve.pools", () -> curve.value());
        registry.add(at + "dexes.uniswap-v2.kind", () -> "uniswap-v2");
        registry.add(at + "dexes.uniswap-v2.factory", () -> deployed.path("uniswapV2").path("factory").asString());
        registry.add(at + "dexes.uniswap-v3.kind", () -> "uniswap-v3");
        registry.add(at + "dexes.uniswap-v3.factory", () -> deployed.path("uniswapV3").path("factory").asString());
        registry.add(at + "dexes.uniswap-v3.fee-tiers", () -> "500,3000");
    }

    private static Address address(String group, String name) {
        return Address.evm(deployed.path(group).path(name).asString());
    }

    @AfterAll
    static void stopAnvil() throws Exception {
        if (anvil != null) {
            anvil.close();
        }
        Files.deleteIfExists(state);
    }

    // --- helpers ---

    JsonNode get(String path) throws Exception {
        return JunctionHttp.get(port, path);
    }

    /** The best route of a same-chain quote through one provider. */
    JsonNode quote(Address from, Address to, BigInteger amount, String provider) throws Exception {
        return ChainModeAnvil.quote(port, CHAIN, from, to, amount, SENDER, provider);
    }

    void awaitBlock(long block) throws InterruptedException {
        ChainModeAnvil.awaitBlock(market, CHAIN, block);
    }

    void awaitNodeHead() throws InterruptedException {
        ChainModeAnvil.awaitNodeHead(anvil, market, CHAIN);
    }

    BigInteger v3Quote(Address in, Address out, BigInteger amount, int fee, long block) {
        return UniswapCalls.word(anvil.call(quoter, UniswapCalls.quoteExactInputSingle(in, out, amount, fee), block),
                0);
    }

    BigInteger v2Quote(Address in, Address out, BigInteger amount, long block) {
        String r = anvil.call(router02, UniswapCalls.getAmountsOut(amount, in, out), block);
        return UniswapCalls.word(r, 3);
    }

    /** Asserts a one-pool V3 quote equals QuoterV2 at the route's block, and that it crossed ticks somewhere. */
    void assertV3(Address in, Address out, BigInteger amount) throws Exception {
        JsonNode route = quote(in, out, amount, "uniswap-v3");
        assertThat(route.path("path")).hasSize(1);
        long block = route.path("blockNumber").asLong();
        assertThat(route.path("amountOut").asString()).as("V3 %s -> %s amount %s at block %d", in, out, amount, block)
                .isEqualTo(v3Quote(in, out, amount, 3000, block).toString());
    }

    void assertV2(Address in, Address out, BigInteger amount) throws Exception {
        JsonNode route = quote(in, out, amount, "uniswap-v2");
        assertThat(route.path("path")).hasSize(1);
        long block = route.path("blockNumber").asLong();
        assertThat(route.path("amountOut").asString()).as("V2 %s -> %s amount %s at block %d", in, out, amount, block)
                .isEqualTo(v2Quote(in, out, amount, block).toString());
    }

    // --- the proof ---

    @Test
    @Order(1)
    void oneHopQuotesEqualTheContractsToTheWeiForRandomAmountsBothWays() throws Exception {
        awaitBlock(anvil.blockNumber());
        Random random = new Random(14);
        for (int i = 0; i < 6; i++) {
            // From dust to a third of the pool: the larger ones cross the positions' ticks.
            assertV3(weth, usdc, units(String.format("%.6f", 0.001 + random.nextDouble() * 120), 18));
            assertV3(usdc, weth, units(String.format("%.2f", 1 + random.nextDouble() * 350_000), 6));
            assertV2(usdc, dai, units(String.format("%.2f", 1 + random.nextDouble() * 500_000), 6));
            assertV2(dai, usdc, units(String.format("%.6f", 1 + random.nextDouble() * 500_000), 18));
        }
    }

    @Test
    @Order(2)
    void aTwoHopRouteEqualsTheChainedOnChainQuotes() throws Exception {
        BigInteger amount = units("3.5", 8);
        JsonNode route = quote(wbtc, usdc, amount, "uniswap-v3");
        assertThat(route.path("path")).hasSize(2);
        long block = route.path("blockNumber").asLong();
        BigInteger mid = v3Quote(wbtc, weth, amount, 3000, block);
        assertThat(route.path("path").get(0).path("toAmount").asString()).isEqualTo(mid.toString());
        assertThat(route.path("amountOut").asString()).isEqualTo(v3Quote(weth, usdc, mid, 3000, block).toString());
    }

    @Test
    @Order(2)
    void withoutMulticall3TheJsonRpcBatchLoadReadsTheSameState() throws Exception {
        ChainSettings configured = chainMarket.followers().get(ChainId.of(CHAIN)).settings();
        ChainSettings noMulticall = new ChainSettings(configured.id(), configured.name(), configured.key(),
                configured.nativeSymbol(), configured.rpcUrls(), configured.tokens(), configured.wrappedNative(),
                configured.stablecoins(), configured.dexes(), configured.bridges(), configured.router(),
                configured.permit2(), Address.evm("0x000000000000000000000000000000000000dEaD"),
                configured.confirmations(), configured.blockTime(), configured.maxStaleness(),
                configured.pollInterval(), configured.tickWindowWords(), configured.priceFeeds());
        JsonRpcClient client = new JsonRpcClient(List.of(anvil.rpcUrl()), RpcSettings.DEFAULT);
        ChainLoader.Loaded viaBatches = new ChainLoader(noMulticall, client).load();
        assertThat(viaBatches.multicall()).isFalse();
        awaitBlock(viaBatches.state().block());
        ChainState followed = chainMarket.followers().get(ChainId.of(CHAIN)).state();
        assertThat(followed.block()).isEqualTo(viaBatches.state().block());
        assertThat(viaBatches.state().pools()).isEqualTo(followed.pools());
        assertThat(viaBatches.state().pools()).hasSize(5);
        assertThat(client.httpRequests()).isLessThanOrEqualTo(5);
    }

    BigInteger curveGetDy(int i, int j, BigInteger dx, long block) {
        return AbiDecoder.uint(anvil.call(curve, Abi.callHex("get_dy(int128,int128,uint256)", int256(i), int256(j),
                uint256(dx)), block), 0);
    }

    void assertCurve(Address in, Address out, BigInteger amount) throws Exception {
        JsonNode route = quote(in, out, amount, "curve");
        assertThat(route.path("path")).hasSize(1);
        long block = route.path("blockNumber").asLong();
        int i = in.equals(dai) ? 0 : 1;
        assertThat(route.path("amountOut").asString()).as("Curve %s -> %s amount %s at block %d", in, out, amount,
                block).isEqualTo(curveGetDy(i, 1 - i, amount, block).toString());
    }

    @Test
    @Order(2)
    void curveQuotesEqualThePoolsGetDyBeforeAndAfterAnotherWalletsExchange() throws Exception {
        awaitBlock(anvil.blockNumber());
        Random random = new Random(41);
        for (int k = 0; k < 3; k++) {
            assertCurve(dai, frax, units(String.format("%.6f", 1 + random.nextDouble() * 400_000), 18));
            assertCurve(frax, dai, units(String.format("%.6f", 1 + random.nextDouble() * 400_000), 18));
        }
        // Another wallet exchanges (TokenExchange): the pool is re-read in the block's eth_getLogs round.
        awaitBlock(anvil.send(TRADER, curve, Abi.callHex("exchange(int128,int128,uint256,uint256)",
                int256(1), int256(0), uint256(units("250000", 18)), uint256(0))));
        assertCurve(dai, frax, units("123456.789", 18));
        assertCurve(frax, dai, units("98765.4321", 18));
    }

    @Test
    @Order(2)
    void buildingOnAChainWithoutRouterIsAClear4xx() throws Exception {
        JsonNode body = get("/build-best-path?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + usdc
                + "&toToken=" + dai + "&amount=1000000&sender=" + SENDER);
        assertThat(body.path("httpStatus").asInt()).as(body.toString()).isEqualTo(400);
        assertThat(body.path("message").asString()).contains("has no Junction router");
    }

    @Test
    @Order(3)
    void afterAnotherWalletSwapsMintsAndBurnsTheNextQuoteMatchesAgain() throws Exception {
        // V3 swap moving the price across ticks.
        awaitBlock(anvil.send(TRADER, swapRouter, UniswapCalls.exactInputSingle(weth, usdc, 3000, TRADER,
                units("60", 18))));
        assertV3(usdc, weth, units("150000", 6));
        assertV3(weth, usdc, units("25", 18));
        // V2 swap.
        awaitBlock(anvil.send(TRADER, router02, UniswapCalls.swapExactTokensForTokens(units("250000", 6), TRADER,
                usdc, dai)));
        assertV2(dai, usdc, units("100000", 18));
        // A new narrow V3 position around the current price, then half of it burnt.
        Address pool = Address.evm(deployed.path("uniswapV3").path("pools").path("WETH/USDC/3000").asString());
        int tick = AbiDecoder.int256(anvil.call(pool, Abi.callHex("slot0()"), anvil.blockNumber()), 1)
                .intValueExact();
        int lower = Math.floorDiv(tick, 60) * 60 - 120;
        boolean wethIsToken0 = weth.lower().compareTo(usdc.lower()) < 0;
        Address token0 = wethIsToken0 ? weth : usdc;
        Address token1 = wethIsToken0 ? usdc : weth;
        BigInteger amount0 = wethIsToken0 ? units("50", 18) : units("150000", 6);
        BigInteger amount1 = wethIsToken0 ? units("150000", 6) : units("50", 18);
        awaitBlock(anvil.send(TRADER, positions, UniswapCalls.mint(token0, token1, 3000, lower, lower + 300, amount0,
                amount1, TRADER)));
        assertV3(weth, usdc, units("40", 18));
        assertV3(usdc, weth, units("90000", 6));
        String owned = anvil.call(positions, Abi.callHex("tokenOfOwnerByIndex(address,uint256)",
                Abi.address(TRADER), uint256(0)), anvil.blockNumber());
        BigInteger tokenId = AbiDecoder.uint(owned, 0);
        String position = anvil.call(positions, Abi.callHex("positions(uint256)", uint256(tokenId)),
                anvil.blockNumber());
        BigInteger liquidity = AbiDecoder.uint(position, 7);
        awaitBlock(anvil.send(TRADER, positions, UniswapCalls.decreaseLiquidity(tokenId, liquidity.shiftRight(1))));
        assertV3(weth, usdc, units("40", 18));
        assertV3(usdc, weth, units("90000", 6));
    }

    @Test
    @Order(4)
    void aPoolCreatedAfterStartIsUsedWithinOneBlock() throws Exception {
        long block = anvil.send(TRADER, router02, UniswapCalls.addLiquidity(usdc, wbtc, units("600000", 6),
                units("10", 8), TRADER));
        awaitBlock(block);
        assertV2(usdc, wbtc, units("12345.678901", 6));
        assertV2(wbtc, usdc, units("0.5", 8));
    }

    @Test
    @Order(5)
    void afterAReorgTheStateEqualsTheNodes() throws Exception {
        BigInteger amount = units("20", 18);
        String snapshot = anvil.rpc().call("evm_snapshot").asString();
        awaitBlock(anvil.send(TRADER, swapRouter, UniswapCalls.exactInputSingle(weth, usdc, 3000, TRADER,
                units("80", 18))));
        assertV3(weth, usdc, amount);
        // evm_revert drops the swap; the next blocks are another fork at the same heights.
        assertThat(anvil.rpc().call("evm_revert", snapshot).asBoolean()).isTrue();
        anvil.rpc().call("anvil_mine", "0x2");
        awaitNodeHead();
        assertV3(weth, usdc, amount);
        // anvil_reorg: the last block (a V2 swap) replaced by an empty one.
        long swapped = anvil.send(TRADER, router02, UniswapCalls.swapExactTokensForTokens(units("300000", 6), TRADER,
                usdc, dai));
        awaitBlock(swapped);
        assertV2(usdc, dai, units("1000", 6));
        anvil.rpc().call("anvil_reorg", 1, List.of());
        awaitNodeHead();
        JsonNode route = quote(usdc, dai, units("1000", 6), "uniswap-v2");
        assertThat(route.path("blockNumber").asLong()).isEqualTo(anvil.blockNumber());
        assertV2(usdc, dai, units("1000", 6));
        assertThat(market.current().head(ChainId.of(CHAIN)).orElseThrow().blockHash()).isEqualTo(
                Bytes32.of(anvil.rpc().call("eth_getBlockByNumber", "latest", false).path("hash").asString()));
    }

    @Test
    @Order(6)
    void aStoppedNodeMakesTheChainStaleAndItRecoversWhenTheNodeReturns() throws Exception {
        int nodePort = anvil.port();
        Thread.sleep(1_500); // the state file is written every second
        anvil.close();
        Thread.sleep(3_500);
        String path = "/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + weth + "&toToken=" + usdc
                + "&amount=1000000000000000000&sender=" + SENDER;
        JsonNode stale = get(path);
        assertThat(stale.path("httpStatus").asInt()).isEqualTo(503);
        assertThat(stale.path("code").asInt()).isEqualTo(9005);
        assertThat(stale.path("message").asString()).contains("chain " + CHAIN).contains("Anvil One")
                .contains("stale");
        JsonNode health = get("/actuator/health");
        assertThat(health.path("components").path("chains").path("details").path(Long.toString(CHAIN))
                .path("state").asString()).isEqualTo("stale");

        anvil = AnvilProcess.start(CHAIN, nodePort, "--state", state.toString(), "--state-interval", "1");
        long deadline = System.nanoTime() + 15_000_000_000L;
        JsonNode again = get(path);
        while (again.path("httpStatus").asInt() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            again = get(path);
        }
        assertThat(again.path("httpStatus").asInt()).as(again.toString()).isEqualTo(200);
        assertThat(get("/actuator/health").path("components").path("chains").path("details")
                .path(Long.toString(CHAIN)).path("state").asString()).isEqualTo("fresh");
        assertV3(weth, usdc, units("3", 18));
    }

}
