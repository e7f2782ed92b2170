package dev.junction.chainmarket;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bool;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint8;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.Market;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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
 * Chain mode with a {@code balancer-v2} DEX against the real Vault, factories and BalancerQueries of
 * {@code @balancer-labs/v2-deployments@3.2.0} on anvil (deployed by the chains harness): every {@code /quote} through
 * Balancer equals {@code BalancerQueries.querySwap} at the route's block, to the wei, for a weighted and a composable
 * stable pool, and stays so after another wallet's swaps, joins and exits mined in one block, through reorgs, and
 * block by block through the pool owner's amplification ramp.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BalancerV2ChainModeAnvilTest {

    static final long CHAIN = 31_337;
    static final Address TRADER = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    static final Address SENDER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    /** The deployer (the harness's first dev key): every pool's owner. */
    static final Address OWNER = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    static final String SINGLE_SWAP = "(bytes32,uint8,address,address,uint256,bytes)";
    static final String FUNDS = "(address,bool,address,bool)";

    static AnvilProcess anvil;
    static JsonNode deployed;
    static Address weth;
    static Address usdc;
    static Address dai;
    static Address vault;
    static Address queries;
    static Bytes32 weighted;
    static Bytes32 stable;

    @LocalServerPort
    int port;

    @Autowired
    Market market;

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}, {"symbol": "DAI", "decimals": 18}],
                 "balancerV2": {"weighted": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "300",
                                              "weightA": "0.8"}],
                                "stable": [{"tokens": ["USDC", "DAI"], "amount": "1000000"}]},
                 "fund": [{"address": "%s", "native": "1000",
                           "tokens": {"USDC": "10000000", "DAI": "10000000", "WETH": "500"}}]}
                """.formatted(TRADER));
        weth = Address.evm(deployed.path("tokens").path("WETH").asString());
        usdc = Address.evm(deployed.path("tokens").path("USDC").asString());
        dai = Address.evm(deployed.path("tokens").path("DAI").asString());
        JsonNode balancer = deployed.path("balancerV2");
        vault = Address.evm(balancer.path("vault").asString());
        queries = Address.evm(balancer.path("queries").asString());
        weighted = Bytes32.of(balancer.path("pools").path("WETH/USDC").path("poolId").asString());
        stable = Bytes32.of(balancer.path("pools").path("USDC/DAI").path("poolId").asString());
        for (Address t : List.of(weth, usdc, dai)) {
            anvil.send(TRADER, t, UniswapCalls.approve(vault));
        }
        String at = ChainModeAnvil.registerChain(registry, anvil, CHAIN, "3s");
        ChainModeAnvil.registerOneShortRpcAttempt(registry);
        ChainModeAnvil.registerTokens(registry, CHAIN, List.of(weth, usdc, dai), weth, List.of(usdc, dai));
        registry.add(at + "dexes.balancer-v2.kind", () -> "balancer-v2");
        registry.add(at + "dexes.balancer-v2.vault", () -> vault.value());
        registry.add(at + "dexes.balancer-v2.factories", () -> balancer.path("weightedPoolFactory").asString() + ","
                + balancer.path("composableStablePoolFactory").asString());
        registry.add(at + "dexes.balancer-v2.pools", () -> balancer.path("pools").path("WETH/USDC").path("pool")
                .asString() + "," + balancer.path("pools").path("USDC/DAI").path("pool").asString());
    }

    @AfterAll
    static void stopAnvil() {
        if (anvil != null) {
            anvil.close();
        }
    }

    JsonNode quote(Address from, Address to, BigInteger amount) throws Exception {
        return ChainModeAnvil.quote(port, CHAIN, from, to, amount, SENDER, "balancer-v2");
    }

    void awaitBlock(long block) throws InterruptedException {
        ChainModeAnvil.awaitBlock(market, CHAIN, block);
    }

    static Abi.Value singleSwap(Bytes32 poolId, Address in, Address out, BigInteger amount) {
        return tuple(bytes32(poolId), uint8(0), address(in), address(out), uint256(amount), Abi.bytes(new byte[0]));
    }

    static Abi.Value funds(Address who) {
        return tuple(address(who), bool(false), address(who), bool(false));
    }

    BigInteger querySwap(Bytes32 poolId, Address in, Address out, BigInteger amount, long block) {
        return AbiDecoder.uint(anvil.call(queries, Abi.callHex("querySwap(" + SINGLE_SWAP + "," + FUNDS + ")",
                singleSwap(poolId, in, out, amount), funds(SENDER)), block), 0);
    }

    void assertQuote(Bytes32 poolId, Address in, Address out, BigInteger amount) throws Exception {
        JsonNode route = quote(in, out, amount);
        assertThat(route.path("path")).hasSize(1);
        long block = route.path("blockNumber").asLong();
        assertThat(route.path("amountOut").asString()).as("%s -> %s amount %s at block %d", in, out, amount, block)
                .isEqualTo(querySwap(poolId, in, out, amount, block).toString());
    }

    void assertRandomQuotes(long seed) throws Exception {
        Random random = new Random(seed);
        for (int i = 0; i < 4; i++) {
            assertQuote(weighted, weth, usdc, units(String.format("%.6f", 0.001 + random.nextDouble() * 60), 18));
            assertQuote(weighted, usdc, weth, units(String.format("%.2f", 1 + random.nextDouble() * 50_000), 6));
            assertQuote(stable, usdc, dai, units(String.format("%.2f", 1 + random.nextDouble() * 500_000), 6));
            assertQuote(stable, dai, usdc, units(String.format("%.6f", 1 + random.nextDouble() * 500_000), 18));
        }
    }

    @Test
    @Order(1)
    void quotesEqualBalancerQueriesToTheWeiForRandomAmounts() throws Exception {
        awaitBlock(anvil.blockNumber());
        assertRandomQuotes(36);
    }

    @Test
    @Order(2)
    void anotherWalletsSwapAndJoinInOneBlockAreFollowed() throws Exception {
        anvil.rpc().call("evm_setAutomine", false);
        try {
            send(vault, Abi.callHex("swap(" + SINGLE_SWAP + "," + FUNDS + ",uint256,uint256)",
                    singleSwap(weighted, weth, usdc, units("25", 18)), funds(TRADER), uint256(0),
                    uint256(BigInteger.ONE.shiftLeft(255))));
            send(vault, Abi.callHex("swap(" + SINGLE_SWAP + "," + FUNDS + ",uint256,uint256)",
                    singleSwap(stable, dai, usdc, units("200000", 18)), funds(TRADER), uint256(0),
                    uint256(BigInteger.ONE.shiftLeft(255))));
            List<Address> assets = List.of(weth, usdc).stream()
                    .sorted(Comparator.comparing(Address::lower)).toList();
            List<BigInteger> amounts = assets.stream()
                    .map(a -> a.equals(weth) ? units("10", 18) : units("1000", 6)).toList();
            // WeightedPool JoinKind.EXACT_TOKENS_IN_FOR_BPT_OUT (1), amounts in, minimum BPT out 0.
            byte[] userData = Abi.encode(uint256(1), Abi.uint256Array(amounts), uint256(0));
            send(vault, Abi.callHex("joinPool(bytes32,address,address,(address[],uint256[],bytes,bool))",
                    bytes32(weighted), address(TRADER), address(TRADER), tuple(Abi.addressArray(assets),
                            Abi.uint256Array(amounts), Abi.bytes(userData), bool(false))));
            anvil.rpc().call("evm_mine");
        } finally {
            anvil.rpc().call("evm_setAutomine", true);
        }
        long block = anvil.blockNumber();
        JsonNode mined = anvil.rpc().call("eth_getBlockByNumber", "0x" + Long.toHexString(block), false);
        assertThat(mined.path("transactions")).as("the swaps and the join in one block").hasSize(3);
        for (JsonNode tx : mined.path("transactions")) {
            JsonNode receipt = anvil.rpc().call("eth_getTransactionReceipt", tx.asString());
            assertThat(receipt.path("status").asString()).isEqualTo("0x1");
        }
        awaitBlock(block);
        assertRandomQuotes(37);
    }

    /** The pool's tokens as the Vault registers them (a composable stable pool's BPT included). */
    List<Address> poolTokens(Bytes32 poolId) {
        String r = anvil.call(vault, Abi.callHex("getPoolTokens(bytes32)", bytes32(poolId)), anvil.blockNumber());
        int at = AbiDecoder.uint(r, 0).intValueExact() / 32;
        int n = AbiDecoder.uint(r, at).intValueExact();
        List<Address> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(AbiDecoder.address(r, at + 1 + i));
        }
        return out;
    }

    BigInteger balanceOf(Address token, Address who) {
        return AbiDecoder.uint(anvil.call(token, Abi.callHex("balanceOf(address)", address(who)),
                anvil.blockNumber()), 0);
    }

    static Address pool(Bytes32 poolId) {
        return Address.evm(poolId.value().substring(0, 42));
    }

    static String exit(Bytes32 poolId, List<Address> assets, byte[] userData) {
        return Abi.callHex("exitPool(bytes32,address,address,(address[],uint256[],bytes,bool))", bytes32(poolId),
                address(TRADER), address(TRADER), tuple(Abi.addressArray(assets),
                        Abi.uint256Array(assets.stream().map(a -> BigInteger.ZERO).toList()), Abi.bytes(userData),
                        bool(false)));
    }

    /** The stable pool's amplification at {@code block}: {@code getAmplificationParameter()}'s value and flag. */
    BigInteger[] amplification(long block) {
        String r = anvil.call(pool(stable), Abi.callHex("getAmplificationParameter()"), block);
        return new BigInteger[] {AbiDecoder.uint(r, 0), AbiDecoder.uint(r, 1)};
    }

    @Test
    @Order(3)
    void anotherWalletsExitsAndAStableJoinAreFollowedWithinOneBlock() throws Exception {
        List<Address> stableTokens = poolTokens(stable);
        List<Address> weightedTokens = poolTokens(weighted);
        BigInteger weightedBpt = balanceOf(pool(weighted), TRADER);
        assertThat(weightedBpt).as("BPT of the join before").isPositive();
        // A stable join (EXACT_TOKENS_IN_FOR_BPT_OUT: amounts without the BPT) and the weighted pool's proportional
        // exit (EXACT_BPT_IN_FOR_TOKENS_OUT) in one block.
        List<BigInteger> amountsIn = stableTokens.stream().filter(t -> !t.equals(pool(stable)))
                .map(t -> t.equals(usdc) ? units("150000", 6) : units("20000", 18)).toList();
        List<BigInteger> maxIn = stableTokens.stream()
                .map(t -> t.equals(pool(stable)) ? BigInteger.ZERO : BigInteger.TWO.pow(200)).toList();
        anvil.rpc().call("evm_setAutomine", false);
        try {
            send(vault, Abi.callHex("joinPool(bytes32,address,address,(address[],uint256[],bytes,bool))",
                    bytes32(stable), address(TRADER), address(TRADER), tuple(Abi.addressArray(stableTokens),
                            Abi.uint256Array(maxIn), Abi.bytes(Abi.encode(uint256(1), Abi.uint256Array(amountsIn),
                                    uint256(0))), bool(false))));
            send(vault, exit(weighted, weightedTokens, Abi.encode(uint256(1), uint256(weightedBpt.shiftRight(1)))));
            anvil.rpc().call("evm_mine");
        } finally {
            anvil.rpc().call("evm_setAutomine", true);
        }
        assertMinedOk(2);
        awaitBlock(anvil.blockNumber());
        assertRandomQuotes(38);
        // The stable pool's exit to one token (EXACT_BPT_IN_FOR_ONE_TOKEN_OUT, index without the BPT) and the rest of
        // the weighted BPT, one block.
        BigInteger stableBpt = balanceOf(pool(stable), TRADER);
        assertThat(stableBpt).isPositive();
        anvil.rpc().call("evm_setAutomine", false);
        try {
            send(vault, exit(stable, stableTokens, Abi.encode(uint256(0), uint256(stableBpt.shiftRight(1)),
                    uint256(0))));
            send(vault, exit(weighted, weightedTokens, Abi.encode(uint256(1),
                    uint256(balanceOf(pool(weighted), TRADER)))));
            anvil.rpc().call("evm_mine");
        } finally {
            anvil.rpc().call("evm_setAutomine", true);
        }
        assertMinedOk(2);
        awaitBlock(anvil.blockNumber());
        assertRandomQuotes(39);
    }

    @Test
    @Order(4)
    void aReorgIsFollowed() throws Exception {
        String snapshot = anvil.rpc().call("evm_snapshot").asString();
        awaitBlock(anvil.send(TRADER, vault, Abi.callHex("swap(" + SINGLE_SWAP + "," + FUNDS + ",uint256,uint256)",
                singleSwap(weighted, usdc, weth, units("30000", 6)), funds(TRADER), uint256(0),
                uint256(BigInteger.ONE.shiftLeft(255)))));
        assertQuote(weighted, weth, usdc, units("7", 18));
        // evm_revert drops the swap; the next blocks are another fork at the same heights.
        assertThat(anvil.rpc().call("evm_revert", snapshot).asBoolean()).isTrue();
        anvil.rpc().call("anvil_mine", "0x2");
        awaitNodeHead();
        assertRandomQuotes(40);
        // anvil_reorg: the last block (a stable swap) replaced by an empty one.
        awaitBlock(anvil.send(TRADER, vault, Abi.callHex("swap(" + SINGLE_SWAP + "," + FUNDS + ",uint256,uint256)",
                singleSwap(stable, usdc, dai, units("300000", 6)), funds(TRADER), uint256(0),
                uint256(BigInteger.ONE.shiftLeft(255)))));
        assertQuote(stable, dai, usdc, units("1000", 18));
        anvil.rpc().call("anvil_reorg", 1, List.of());
        awaitNodeHead();
        assertThat(quote(dai, usdc, units("1000", 18)).path("blockNumber").asLong()).isEqualTo(anvil.blockNumber());
        assertRandomQuotes(41);
    }

    @Test
    @Order(5)
    void anAmplificationRampIsFollowedBlockByBlock() throws Exception {
        long start = anvil.blockNumber();
        BigInteger[] before = amplification(start);
        assertThat(before[1]).as("not ramping yet").isZero();
        long now = Long.decode(anvil.rpc().call("eth_getBlockByNumber", "latest", false).path("timestamp")
                .asString());
        // The pool's owner (the deployer, set at creation) ramps A from 200 to 350 over two days (at most 2x a day).
        long end = now + 2 * 86_400 + 60;
        long ramped = anvil.send(OWNER, pool(stable), Abi.callHex("startAmplificationParameterUpdate(uint256,uint256)",
                uint256(350), uint256(end)));
        assertThat(amplification(ramped)[1]).as("ramping").isEqualTo(BigInteger.ONE);
        awaitBlock(ramped);
        assertStableQuotes(new Random(42));
        BigInteger last = amplification(ramped)[0];
        for (int i = 0; i < 4; i++) {
            anvil.rpc().call("evm_increaseTime", 9_000 + 1_000 * i);
            anvil.rpc().call("evm_mine");
            long block = anvil.blockNumber();
            BigInteger amp = amplification(block)[0];
            assertThat(amp).as("A moved at block %d", block).isGreaterThan(last);
            last = amp;
            awaitBlock(block);
            assertStableQuotes(new Random(43 + i));
        }
        // Past the ramp's end: A stays at 350 and the pool is no longer re-read each block.
        anvil.rpc().call("evm_increaseTime", 3 * 86_400);
        anvil.rpc().call("evm_mine");
        BigInteger[] after = amplification(anvil.blockNumber());
        assertThat(after[0]).isEqualTo(BigInteger.valueOf(350_000));
        assertThat(after[1]).isZero();
        awaitBlock(anvil.blockNumber());
        assertStableQuotes(new Random(47));
        anvil.rpc().call("evm_mine");
        awaitBlock(anvil.blockNumber());
        assertStableQuotes(new Random(48));
    }

    void assertStableQuotes(Random random) throws Exception {
        for (int i = 0; i < 3; i++) {
            assertQuote(stable, usdc, dai, units(String.format("%.2f", 1 + random.nextDouble() * 600_000), 6));
            assertQuote(stable, dai, usdc, units(String.format("%.6f", 1 + random.nextDouble() * 600_000), 18));
        }
    }

    /** The last block holds {@code count} transactions, each successful. */
    void assertMinedOk(int count) {
        JsonNode mined = anvil.rpc().call("eth_getBlockByNumber", "latest", false);
        assertThat(mined.path("transactions")).hasSize(count);
        for (JsonNode tx : mined.path("transactions")) {
            JsonNode receipt = anvil.rpc().call("eth_getTransactionReceipt", tx.asString());
            assertThat(receipt.path("status").asString()).as(tx.asString()).isEqualTo("0x1");
        }
    }

    void awaitNodeHead() throws InterruptedException {
        ChainModeAnvil.awaitNodeHead(anvil, market, CHAIN);
    }

    void send(Address to, String data) {
        anvil.rpc().call("eth_sendTransaction", Map.of("from", TRADER.lower(), "to", to.lower(), "data", data,
                "gas", "0x7a1200"));
    }
}
