package dev.junction.chainmarket;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bool;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.Market;
import dev.junction.market.math.TickMath;
import dev.junction.protocol.uniswapv4.UniswapV4State;
import dev.junction.support.AnvilProcess;
import java.io.File;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * Chain mode with a {@code uniswap-v4} DEX on Uniswap's own bytecode (v4-core 1.0.2's PoolManager, v4-periphery
 * 1.0.3's StateView, V4Quoter and MockERC20, v4-core's test routers, from npm): the hookless pool is found at the
 * cold load, {@code /quote} restricted to {@code uniswap-v4} equals {@code V4Quoter.quoteExactInputSingle} at the
 * route's block for random amounts both ways, and another wallet's swap and liquidity change are followed within one
 * block, and so are reorgs (a pool initialized on the dropped fork is gone). Pools named by key under {@code pools}
 * are found too: a hooked dynamic-fee pool (re-read each block: its hook changes the fee without a log), one of a
 * non-standard fee and spacing, and a key initialized after the start.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UniswapV4ChainModeAnvilTest {

    static final long CHAIN = 31_337;
    static final Address DEV = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    static final Address SENDER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    static final String CORE = "contracts/node_modules/@uniswap/v4-core/out/";
    static final String PERIPHERY = "contracts/node_modules/@uniswap/v4-periphery/foundry-out/";
    static final String KEY = "(address,address,uint24,int24,address)";
    static final BigInteger MAX = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);

    static AnvilProcess anvil;
    static Address poolManager;
    static Address quoter;
    static Address liquidityRouter;
    static Address swapRouter;
    static Address token0;
    static Address token1;
    /** v4-core's DynamicFeesTestHook placed where its address's permission bits are afterInitialize (bit 12) only. */
    static final Address HOOK = Address.evm("0x00000000000000000000000000000000000f1000");
    static V4Key dynamicKey;
    static V4Key otherKey;
    static V4Key laterKey;

    @LocalServerPort
    int port;

    @Autowired
    Market market;

    @Autowired
    ChainMarket chainMarket;

    static Abi.Value key() {
        return tuple(address(token0), address(token1), uint256(3000), int256(60), address(Address.ZERO));
    }

    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        poolManager = anvil.deploy(DEV, bytecode(CORE + "PoolManager.sol/PoolManager.json")
                + args(address(DEV)));
        Address stateView = anvil.deploy(DEV, bytecode(PERIPHERY + "StateView.sol/StateView.json")
                + args(address(poolManager)));
        quoter = anvil.deploy(DEV, bytecode(PERIPHERY + "V4Quoter.sol/V4Quoter.json") + args(address(poolManager)));
        liquidityRouter = anvil.deploy(DEV, bytecode(CORE + "PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json")
                + args(address(poolManager)));
        swapRouter = anvil.deploy(DEV, bytecode(CORE + "PoolSwapTest.sol/PoolSwapTest.json")
                + args(address(poolManager)));
        Address a = token("Token A", "TKA");
        Address b = token("Token B", "TKB");
        boolean aFirst = a.lower().compareTo(b.lower()) < 0;
        token0 = aFirst ? a : b;
        token1 = aFirst ? b : a;
        for (Address t : List.of(token0, token1)) {
            for (Address spender : List.of(liquidityRouter, swapRouter)) {
                anvil.send(DEV, t, Abi.callHex("approve(address,uint256)", address(spender), uint256(MAX)));
            }
        }
        anvil.send(DEV, poolManager, Abi.callHex("initialize(" + KEY + ",uint160)", key(),
                uint256(TickMath.getSqrtRatioAtTick(-120).add(BigInteger.valueOf(31_337)))));
        for (int[] p : new int[][] {{-1_200, 1_200, 22}, {-6_000, 600, 21}, {-887_220, 887_220, 20}}) {
            addLiquidity(p[0], p[1], BigInteger.TEN.pow(p[2]));
        }
        // Pools the standard hookless keys do not find, named under pools: a dynamic-fee pool of v4-core's
        // DynamicFeesTestHook (its runtime put at an address whose permissions are afterInitialize only, allowlisted),
        // a hookless pool of fee 2500 and spacing 50, both initialized before the start, and a key initialized later.
        anvil.rpc().call("anvil_setCode", HOOK.lower(), deployedBytecode(CORE
                + "DynamicFeesTestHook.sol/DynamicFeesTestHook.json"));
        anvil.send(DEV, HOOK, Abi.callHex("setManager(address)", address(poolManager)));
        anvil.send(DEV, HOOK, Abi.callHex("setFee(uint24)", uint256(2_000)));
        Address c = token("Token C", "TKC");
        Address d = token("Token D", "TKD");
        Address e = token("Token E", "TKE");
        dynamicKey = V4Key.of(token0, c, 0x800000, 60, HOOK);
        otherKey = V4Key.of(token0, d, 2_500, 50, Address.ZERO);
        laterKey = V4Key.of(token0, e, 700, 14, Address.ZERO);
        for (Address t : List.of(c, d, e)) {
            for (Address spender : List.of(liquidityRouter, swapRouter)) {
                anvil.send(DEV, t, Abi.callHex("approve(address,uint256)", address(spender), uint256(MAX)));
            }
        }
        for (V4Key k : List.of(dynamicKey, otherKey)) {
            anvil.send(DEV, poolManager, Abi.callHex("initialize(" + KEY + ",uint160)", k.value(),
                    uint256(TickMath.getSqrtRatioAtTick(300))));
            int s = k.spacing();
            addLiquidity(k, -200 * s, 200 * s, BigInteger.TEN.pow(22));
            addLiquidity(k, -20 * s, 40 * s, BigInteger.TEN.pow(21));
        }
        String at = ChainModeAnvil.registerChain(registry, anvil, CHAIN, "30s");
        String tokens = String.join(",", token0.value(), token1.value(), c.value(), d.value(), e.value());
        registry.add(at + "tokens", () -> tokens);
        registry.add(at + "stablecoins", () -> tokens);
        registry.add(at + "dexes.uniswap-v4.hooks-allowlist", () -> HOOK.value());
        registry.add(at + "dexes.uniswap-v4.pools", () -> dynamicKey.text() + "," + otherKey.text() + "/"
                + otherKey.id() + "," + laterKey.text());
        registry.add(at + "dexes.uniswap-v4.kind", () -> "uniswap-v4");
        registry.add(at + "dexes.uniswap-v4.pool-manager", () -> poolManager.value());
        registry.add(at + "dexes.uniswap-v4.state-view", () -> stateView.value());
    }

    @AfterAll
    static void stopAnvil() {
        if (anvil != null) {
            anvil.close();
        }
    }

    /** v4-periphery's MockERC20 (solmate's: name, symbol, decimals), 10^40 minted to the dev account. */
    static Address token(String name, String symbol) throws Exception {
        Address t = anvil.deploy(DEV, bytecode(PERIPHERY + "MockERC20.sol/MockERC20.json")
                + args(bytes(name.getBytes(StandardCharsets.UTF_8)), bytes(symbol.getBytes(StandardCharsets.UTF_8)),
                uint256(18)));
        anvil.send(DEV, t, Abi.callHex("mint(address,uint256)", address(DEV), uint256(BigInteger.TEN.pow(40))));
        return t;
    }

    static void addLiquidity(int lower, int upper, BigInteger liquidity) {
        addLiquidity(null, lower, upper, liquidity);
    }

    /** Liquidity in the pool of {@code k} (null: the standard pool). */
    static void addLiquidity(V4Key k, int lower, int upper, BigInteger liquidity) {
        anvil.send(DEV, liquidityRouter, Abi.callHex("modifyLiquidity(" + KEY + ",(int24,int24,int256,bytes32),bytes)",
                k == null ? key() : k.value(), tuple(int256(lower), int256(upper), int256(liquidity),
                        bytes32(Bytes32.ZERO)), bytes(new byte[0])));
    }

    /** A pool key of the test: currencies sorted. */
    record V4Key(Address currency0, Address currency1, int fee, int spacing, Address hooks) {

        static V4Key of(Address a, Address b, int fee, int spacing, Address hooks) {
            boolean aFirst = a.lower().compareTo(b.lower()) < 0;
            return new V4Key(aFirst ? a : b, aFirst ? b : a, fee, spacing, hooks);
        }

        Abi.Value value() {
            return tuple(address(currency0), address(currency1), uint256(fee), int256(spacing), address(hooks));
        }

        /** As the DEX's {@code pools} names it. */
        String text() {
            return currency0.value() + "/" + currency1.value() + "/" + fee + "/" + spacing + "/" + hooks.value();
        }

        Bytes32 id() {
            return Bytes32.of(Abi.keccak(Abi.encode(address(currency0), address(currency1), uint256(fee),
                    int256(spacing), address(hooks))));
        }
    }

    BigInteger v4Quoter(V4Key k, boolean zeroForOne, BigInteger amount, long block) {
        return AbiDecoder.uint(anvil.call(quoter, Abi.callHex("quoteExactInputSingle((" + KEY + ",bool,uint128,bytes))",
                tuple(k.value(), bool(zeroForOne), uint256(amount), bytes(new byte[0]))), block), 0);
    }

    /** Random amounts both ways through the one pool of {@code k}'s pair: /quote equals V4Quoter at its block. */
    void checkRandomQuotes(V4Key k, Random random, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            boolean zeroForOne = random.nextBoolean();
            BigInteger amount = BigInteger.TEN.pow(12 + random.nextInt(7))
                    .multiply(BigInteger.valueOf(1 + random.nextInt(999)));
            JsonNode route = quote(zeroForOne ? k.currency0() : k.currency1(), zeroForOne ? k.currency1()
                    : k.currency0(), amount);
            long block = route.path("blockNumber").asLong();
            assertThat(new BigInteger(route.path("amountOut").asString()))
                    .as("%s %s %s in at block %d", k, zeroForOne ? "0->1" : "1->0", amount, block)
                    .isEqualTo(v4Quoter(k, zeroForOne, amount, block));
        }
    }

    @Test
    @Order(3)
    void configuredKeysFindAHookedDynamicFeePoolAndANonStandardOneAndFollowAKeyInitializedLater() throws Exception {
        caughtUp();
        assertThat(followed().pools()).containsKeys(UniswapV4State.addressOf(dynamicKey.id()),
                UniswapV4State.addressOf(otherKey.id()), UniswapV4State.addressOf(laterKey.id()));
        checkRandomQuotes(dynamicKey, new Random(0x5eed_0010L), 8);
        checkRandomQuotes(otherKey, new Random(0x5eed_0011L), 8);
        // The hook changes the dynamic LP fee (updateDynamicLPFee logs nothing): the pool is re-read each block.
        BigInteger before = v4Quoter(dynamicKey, true, BigInteger.TEN.pow(18), anvil.blockNumber());
        anvil.send(DEV, HOOK, Abi.callHex("forcePoolFeeUpdate(" + KEY + ",uint24)", dynamicKey.value(),
                uint256(9_000)));
        caughtUp();
        assertThat(v4Quoter(dynamicKey, true, BigInteger.TEN.pow(18), anvil.blockNumber())).as("the fee moved")
                .isLessThan(before);
        checkRandomQuotes(dynamicKey, new Random(0x5eed_0012L), 8);
        // The later key: initialized and given liquidity now, followed from its Initialize.
        anvil.send(DEV, poolManager, Abi.callHex("initialize(" + KEY + ",uint160)", laterKey.value(),
                uint256(TickMath.getSqrtRatioAtTick(-70))));
        addLiquidity(laterKey, -1_400, 1_400, BigInteger.TEN.pow(22));
        addLiquidity(laterKey, -140, 0, BigInteger.TEN.pow(21));
        caughtUp();
        checkRandomQuotes(laterKey, new Random(0x5eed_0013L), 10);
    }

    JsonNode quote(Address from, Address to, BigInteger amount) throws Exception {
        return ChainModeAnvil.quote(port, CHAIN, from, to, amount, SENDER, "uniswap-v4");
    }

    BigInteger v4Quoter(boolean zeroForOne, BigInteger amount, long block) {
        return AbiDecoder.uint(anvil.call(quoter, Abi.callHex("quoteExactInputSingle((" + KEY + ",bool,uint128,bytes))",
                tuple(key(), bool(zeroForOne), uint256(amount), bytes(new byte[0]))), block), 0);
    }

    void checkRandomQuotes(Random random, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            boolean zeroForOne = random.nextBoolean();
            BigInteger amount = BigInteger.TEN.pow(12 + random.nextInt(7))
                    .multiply(BigInteger.valueOf(1 + random.nextInt(999)));
            JsonNode route = quote(zeroForOne ? token0 : token1, zeroForOne ? token1 : token0, amount);
            long block = route.path("blockNumber").asLong();
            assertThat(new BigInteger(route.path("amountOut").asString()))
                    .as("%s %s in at block %d", zeroForOne ? "0->1" : "1->0", amount, block)
                    .isEqualTo(v4Quoter(zeroForOne, amount, block));
        }
    }

    /** Waits until the market has applied the chain's current block. */
    void caughtUp() throws InterruptedException {
        long block = anvil.blockNumber();
        while (market.current().head(ChainId.of(CHAIN)).orElseThrow().blockNumber() < block) {
            Thread.sleep(20);
        }
    }

    @Test
    @Order(1)
    void quotesEqualV4QuoterAndFollowAnotherWalletsSwapWithinOneBlock() throws Exception {
        caughtUp();
        Random random = new Random(0x5eed_0007L);
        checkRandomQuotes(random, 15);
        BigInteger before = v4Quoter(true, BigInteger.TEN.pow(18), anvil.blockNumber());
        anvil.send(DEV, swapRouter, Abi.callHex("swap(" + KEY + ",(bool,int256,uint160),(bool,bool),bytes)",
                key(), tuple(bool(false), int256(BigInteger.TEN.pow(21).negate()),
                        uint256(TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE))), tuple(bool(false), bool(false)),
                bytes(new byte[0])));
        addLiquidity(-300, 300, BigInteger.TEN.pow(21));
        caughtUp();
        assertThat(v4Quoter(true, BigInteger.TEN.pow(18), anvil.blockNumber())).as("the pool moved")
                .isNotEqualTo(before);
        checkRandomQuotes(random, 15);
    }

    void awaitNodeHead() throws InterruptedException {
        ChainModeAnvil.awaitNodeHead(anvil, market, CHAIN);
    }

    void swap(boolean zeroForOne, BigInteger amountIn) {
        anvil.send(DEV, swapRouter, Abi.callHex("swap(" + KEY + ",(bool,int256,uint160),(bool,bool),bytes)",
                key(), tuple(bool(zeroForOne), int256(amountIn.negate()), uint256(zeroForOne
                        ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE) : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE))),
                tuple(bool(false), bool(false)), bytes(new byte[0])));
    }

    @Test
    @Order(2)
    void aReorgIsFollowedAndAPoolInitializedOnTheDroppedForkIsGone() throws Exception {
        caughtUp();
        String snapshot = anvil.rpc().call("evm_snapshot").asString();
        // Fork A: another wallet's swap and liquidity, and a new pool (fee 500, spacing 10) initialized.
        swap(true, BigInteger.TEN.pow(21));
        addLiquidity(-600, 600, BigInteger.TEN.pow(21));
        Abi.Value other = tuple(address(token0), address(token1), uint256(500), int256(10), address(Address.ZERO));
        anvil.send(DEV, poolManager, Abi.callHex("initialize(" + KEY + ",uint160)", other,
                uint256(TickMath.getSqrtRatioAtTick(50))));
        Address created = UniswapV4State.addressOf(Bytes32.of(Abi.keccak(Abi.encode(address(token0),
                address(token1), uint256(500), int256(10), address(Address.ZERO)))));
        caughtUp();
        assertThat(followed().pools()).containsKey(created);
        checkRandomQuotes(new Random(0x5eed_0008L), 6);
        // evm_revert drops fork A; the next blocks are another fork at the same heights.
        assertThat(anvil.rpc().call("evm_revert", snapshot).asBoolean()).isTrue();
        anvil.rpc().call("anvil_mine", "0x4");
        awaitNodeHead();
        assertThat(followed().pools()).doesNotContainKey(created);
        checkRandomQuotes(new Random(0x5eed_0009L), 8);
        // anvil_reorg: the last block (a swap) replaced by an empty one.
        swap(false, BigInteger.TEN.pow(20));
        caughtUp();
        checkRandomQuotes(new Random(0x5eed_000aL), 4);
        anvil.rpc().call("anvil_reorg", 1, List.of());
        awaitNodeHead();
        assertThat(quote(token0, token1, BigInteger.TEN.pow(15)).path("blockNumber").asLong())
                .isEqualTo(anvil.blockNumber());
        checkRandomQuotes(new Random(0x5eed_000bL), 8);
    }

    ChainState followed() {
        return chainMarket.followers().get(ChainId.of(CHAIN)).state();
    }

    static String deployedBytecode(String path) throws Exception {
        return JsonMapper.builder().build().readTree(new File(path)).path("deployedBytecode").path("object")
                .asString();
    }

    static String bytecode(String path) throws Exception {
        return JsonMapper.builder().build().readTree(new File(path)).path("bytecode").path("object").asString();
    }

    static String args(Abi.Value... values) {
        return Abi.encodeHex(values).substring(2);
    }
}
