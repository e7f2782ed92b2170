package dev.junction.protocol.uniswapv4;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bool;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.SwapQuote;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.PoolRead;
import dev.junction.support.AnvilProcess;
import java.io.File;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The room's V4 pool against Uniswap's own bytecode on anvil (v4-core 1.0.2's PoolManager, v4-periphery 1.0.3's
 * StateView and V4Quoter, v4-core's PoolModifyLiquidityTest/PoolSwapTest routers and TestERC20, all from npm): a
 * pool built from StateView's reads quotes exactly what {@code V4Quoter.quoteExactInputSingle} answers, for random
 * amounts both ways, on a static-fee pool and on a pool with a protocol fee per direction; a swap the pool cannot fill
 * is refused by both; and after real swaps the model's next state is the chain's (sqrt price, tick, liquidity).
 */
class UniswapV4QuoterAnvilTest {

    private static final Address DEV = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    private static final String CORE = "contracts/node_modules/@uniswap/v4-core/out/";
    private static final String PERIPHERY = "contracts/node_modules/@uniswap/v4-periphery/foundry-out/";
    private static final BigInteger MAX = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    private static final String KEY = "(address,address,uint24,int24,address)";

    private static AnvilProcess anvil;
    private static Address poolManager;
    private static Address stateView;
    private static Address quoter;
    private static Address liquidityRouter;
    private static Address swapRouter;
    private static Address token0;
    private static Address token1;

    /** One test pool: its key and the ticks of its positions. */
    private record TestPool(int fee, int spacing, List<Integer> ticks) {

        Abi.Value key() {
            return tuple(address(token0), address(token1), uint256(fee), int256(spacing), address(Address.ZERO));
        }

        Bytes32 id() {
            return Bytes32.of(Abi.keccak(Abi.encode(address(token0), address(token1), uint256(fee), int256(spacing),
                    address(Address.ZERO))));
        }
    }

    @BeforeAll
    static void deploy() throws Exception {
        anvil = AnvilProcess.start(31_337);
        poolManager = anvil.deploy(DEV, bytecode(CORE + "PoolManager.sol/PoolManager.json") + args(address(DEV)));
        stateView = anvil.deploy(DEV, bytecode(PERIPHERY + "StateView.sol/StateView.json") + args(address(poolManager)));
        quoter = anvil.deploy(DEV, bytecode(PERIPHERY + "V4Quoter.sol/V4Quoter.json") + args(address(poolManager)));
        liquidityRouter = anvil.deploy(DEV, bytecode(CORE + "PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json")
                + args(address(poolManager)));
        swapRouter = anvil.deploy(DEV, bytecode(CORE + "PoolSwapTest.sol/PoolSwapTest.json")
                + args(address(poolManager)));
        BigInteger supply = BigInteger.TEN.pow(40);
        Address a = anvil.deploy(DEV, bytecode(CORE + "TestERC20.sol/TestERC20.json") + args(uint256(supply)));
        Address b = anvil.deploy(DEV, bytecode(CORE + "TestERC20.sol/TestERC20.json") + args(uint256(supply)));
        boolean aFirst = a.lower().compareTo(b.lower()) < 0;
        token0 = aFirst ? a : b;
        token1 = aFirst ? b : a;
        for (Address t : List.of(token0, token1)) {
            for (Address spender : List.of(liquidityRouter, swapRouter)) {
                anvil.send(DEV, t, Abi.callHex("approve(address,uint256)", address(spender), uint256(MAX)));
            }
        }
    }

    @AfterAll
    static void stop() {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    void aStaticFeePoolQuotesWhatV4QuoterAnswersToTheWeiAndFollowsRealSwaps() {
        TestPool pool = create(500, 10, TickMath.getSqrtRatioAtTick(0).add(BigInteger.valueOf(123_456_789)),
                new int[][] {{-600, 600, 21}, {-6000, 120, 20}, {-887270, 887270, 19}, {1200, 3000, 21}});
        checkQuotesAndSwaps(pool, new Random(0x5eed_0004L));
    }

    @Test
    void aProtocolFeePerDirectionRaisesTheSwapFeeAsThePoolManagerComputesIt() {
        TestPool pool = create(3000, 60, TickMath.getSqrtRatioAtTick(-23_456).add(BigInteger.valueOf(987_654_321)),
                new int[][] {{-24_000, -22_800, 21}, {-30_000, -18_000, 20}, {-887_220, 887_220, 19}});
        anvil.send(DEV, poolManager, Abi.callHex("setProtocolFeeController(address)", address(DEV)));
        anvil.send(DEV, poolManager, Abi.callHex("setProtocolFee(" + KEY + ",uint24)", pool.key(),
                uint256(250 << 12 | 1000)));
        UniswapV4Pool read = read(pool);
        assertThat(read.protocolFee()).isEqualTo(250 << 12 | 1000);
        assertThat(read.swapFee(true)).isEqualTo(1000 + 3000 - 3);
        checkQuotesAndSwaps(pool, new Random(0x5eed_0005L));
    }

    /**
     * Chain mode's {@link UniswapV4State} on the real bytecode: the pool found by its {@code Initialize} log and
     * followed through the PoolManager's logs equals the pool read through StateView (cold read, adaptive window), its
     * market pool quotes what V4Quoter answers at that block for random amounts both ways, and one block's swap and
     * liquidity change by a wallet that is not Junction's are followed from that block's logs alone.
     */
    @Test
    void chainModeStateIsFoundFollowedAndReadAsThePoolManagerHoldsIt() {
        long start = anvil.blockNumber();
        TestPool pool = create(10000, 200, TickMath.getSqrtRatioAtTick(1_234).add(BigInteger.valueOf(77_777)),
                new int[][] {{-2_000, 2_000, 21}, {-20_000, 600, 20}, {1_400, 40_000, 20}});
        ChainSettings.Dex dex = new ChainSettings.Dex("uniswap-v4", "uniswap-v4", poolManager, List.of(), List.of(),
                null, stateView, List.of(), null, List.of(), null);
        UniswapV4 room = new UniswapV4();
        UniswapV4State followed = null;
        for (LogEntry log : logs(start + 1, anvil.blockNumber())) {
            if (followed == null) {
                followed = (UniswapV4State) room.created(dex, log, Set.of(token0, token1)).orElse(null);
            } else if (room.poolKey(log).equals(followed.address())) {
                followed = (UniswapV4State) followed.apply(log);
            }
        }
        assertThat(followed).as("the pool found by its Initialize log").isNotNull();
        assertThat(followed.key().poolId()).isEqualTo(pool.id());
        UniswapV4State read = readState(followed.key(), anvil.blockNumber());
        assertSame(followed, read);
        Random random = new Random(0x5eed_0006L);
        int quoted = 0;
        for (int round = 0; round < 2; round++) {
            UniswapV4Pool model = (UniswapV4Pool) read.facts(Map.of(token0, 18, token1, 18)).orElseThrow()
                    .pool("anvil", ChainId.of(31_337), 1e6);
            for (int i = 0; i < 30; i++) {
                boolean zeroForOne = random.nextBoolean();
                BigInteger amount = randomAmount(random);
                SwapQuote q = model.quote(zeroForOne ? token0 : token1, zeroForOne ? token1 : token0, amount);
                if (q.amountIn().compareTo(amount) == 0 && q.amountOut().signum() > 0) {
                    assertThat(q.amountOut()).as("%s %s in", zeroForOne ? "0->1" : "1->0", amount)
                            .isEqualTo(quote(pool, zeroForOne, amount));
                    quoted++;
                } else {
                    // refused at the window's edge or beyond the liquidity: V4Quoter refuses too (or pays nothing)
                    BigInteger chain;
                    try {
                        chain = quote(pool, zeroForOne, amount);
                    } catch (RuntimeException refusedByChain) {
                        chain = BigInteger.ZERO;
                    }
                    assertThat(chain).as("%s %s in refused by the model", zeroForOne ? "0->1" : "1->0", amount)
                            .isZero();
                }
            }
            long before = anvil.blockNumber();
            swap(pool, random.nextBoolean(), BigInteger.TEN.pow(19).multiply(BigInteger.valueOf(1 + random.nextInt(9))));
            anvil.send(DEV, liquidityRouter, Abi.callHex("modifyLiquidity(" + KEY
                    + ",(int24,int24,int256,bytes32),bytes)", pool.key(), tuple(int256(-400), int256(3_000),
                    int256(BigInteger.TEN.pow(19)), bytes32(Bytes32.ZERO)), bytes(new byte[0])));
            UniswapV4State next = read;
            UniswapV4State all = followed;
            for (LogEntry log : logs(before + 1, anvil.blockNumber())) {
                if (room.poolKey(log).equals(read.address())) {
                    next = (UniswapV4State) next.apply(log);
                    all = (UniswapV4State) all.apply(log);
                }
            }
            read = readState(read.key(), anvil.blockNumber());
            assertSame(next, read);
            assertSame(all, read);
            followed = all;
        }
        assertThat(quoted).as("most random amounts are quoted").isGreaterThan(30);
    }

    private static void assertSame(UniswapV4State followed, UniswapV4State read) {
        assertThat(followed.sqrtPriceX96()).isEqualTo(read.sqrtPriceX96());
        assertThat(followed.tick()).isEqualTo(read.tick());
        assertThat(followed.liquidity()).isEqualTo(read.liquidity());
        assertThat(followed.lpFee()).isEqualTo(read.lpFee());
        assertThat(followed.ticks().subMap(read.windowLow(), true, read.windowHigh(), true))
                .isEqualTo(read.ticks());
    }

    private static List<LogEntry> logs(long from, long to) {
        return EthRpc.parseLogs(anvil.rpc().call("eth_getLogs",
                EthRpc.logFilter(from, to, new UniswapV4().topics())));
    }

    /** The pool read as chain mode reads it: each round of {@link UniswapV4State#read} sent at {@code block}. */
    private static UniswapV4State readState(UniswapV4State.Key key, long block) {
        ChainSettings chain = new ChainSettings(ChainId.of(31_337), "Test", "test", "ETH", List.of(anvil.rpcUrl()),
                List.of(token0, token1), null, List.of(), Map.of(), Map.of(), null, ChainSettings.CANONICAL_PERMIT2,
                ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1), Duration.ofSeconds(3),
                Duration.ofMillis(100), 4, Map.of());
        PoolRead r = UniswapV4State.found(key).read(chain);
        while (!r.finished()) {
            r = r.answer(r.calls().stream().map(c -> anvil.call(c.target(), c.data(), block)).toList());
        }
        return (UniswapV4State) r.state();
    }

    /** Random amounts both ways, then a real swap, three rounds: each quote and each next state equal the chain's. */
    private static void checkQuotesAndSwaps(TestPool pool, Random random) {
        int refused = 0;
        for (int round = 0; round < 3; round++) {
            UniswapV4Pool model = read(pool);
            for (int i = 0; i < 40; i++) {
                boolean zeroForOne = random.nextBoolean();
                BigInteger amount = randomAmount(random);
                Address in = zeroForOne ? token0 : token1;
                Address out = zeroForOne ? token1 : token0;
                SwapQuote q = model.quote(in, out, amount);
                if (q.amountIn().compareTo(amount) < 0) {
                    // the pool cannot take all of it: V4Quoter refuses (NotEnoughLiquidity)
                    assertThatThrownBy(() -> quote(pool, zeroForOne, amount)).as("amount " + amount).isNotNull();
                    refused++;
                    continue;
                }
                assertThat(q.amountOut()).as("%s %s in, round %d", zeroForOne ? "0->1" : "1->0", amount, round)
                        .isEqualTo(quote(pool, zeroForOne, amount));
            }
            boolean zeroForOne = random.nextBoolean();
            BigInteger amount = BigInteger.TEN.pow(18 + random.nextInt(3)).multiply(BigInteger.valueOf(1 + random.nextInt(9)));
            Address in = zeroForOne ? token0 : token1;
            UniswapV4Pool expected = (UniswapV4Pool) model.afterSwap(in, zeroForOne ? token1 : token0, amount);
            swap(pool, zeroForOne, amount);
            UniswapV4Pool after = read(pool);
            assertThat(after.curve().sqrtPriceX96()).isEqualTo(expected.curve().sqrtPriceX96());
            assertThat(after.curve().tick()).isEqualTo(expected.curve().tick());
            assertThat(after.curve().liquidity()).isEqualTo(expected.curve().liquidity());
        }
        assertThat(refused).as("some random amounts are beyond the pool").isLessThan(120);
    }

    /** From 1 wei to 10^26, log-uniform. */
    private static BigInteger randomAmount(Random random) {
        int digits = 1 + random.nextInt(26);
        BigInteger top = BigInteger.TEN.pow(digits);
        BigInteger v = new BigInteger(top.bitLength() + 8, random).mod(top);
        return v.signum() == 0 ? BigInteger.ONE : v;
    }

    /** Initializes the pool and adds {@code positions} (lower, upper, log10 of liquidity). */
    private static TestPool create(int fee, int spacing, BigInteger sqrtPriceX96, int[][] positions) {
        List<Integer> ticks = new ArrayList<>();
        for (int[] p : positions) {
            ticks.add(p[0]);
            ticks.add(p[1]);
        }
        TestPool pool = new TestPool(fee, spacing, ticks);
        anvil.send(DEV, poolManager, Abi.callHex("initialize(" + KEY + ",uint160)", pool.key(), uint256(sqrtPriceX96)));
        for (int[] p : positions) {
            anvil.send(DEV, liquidityRouter, Abi.callHex("modifyLiquidity(" + KEY + ",(int24,int24,int256,bytes32),bytes)",
                    pool.key(), tuple(int256(p[0]), int256(p[1]), int256(BigInteger.TEN.pow(p[2])),
                            bytes32(Bytes32.ZERO)), bytes(new byte[0])));
        }
        return pool;
    }

    /** The pool as chain mode reads it: StateView's slot0, liquidity and each position tick's liquidityNet. */
    private static UniswapV4Pool read(TestPool pool) {
        long block = anvil.blockNumber();
        String slot0 = anvil.call(stateView, Abi.callHex("getSlot0(bytes32)", bytes32(pool.id())), block);
        BigInteger sqrtPrice = AbiDecoder.uint(slot0, 0);
        int tick = AbiDecoder.int256(slot0, 1).intValueExact();
        int protocolFee = AbiDecoder.uint(slot0, 2).intValueExact();
        int lpFee = AbiDecoder.uint(slot0, 3).intValueExact();
        BigInteger liquidity = AbiDecoder.uint(anvil.call(stateView,
                Abi.callHex("getLiquidity(bytes32)", bytes32(pool.id())), block), 0);
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        for (int t : pool.ticks()) {
            String info = anvil.call(stateView, Abi.callHex("getTickLiquidity(bytes32,int24)", bytes32(pool.id()),
                    int256(t)), block);
            net.put(t, AbiDecoder.int256(info, 1));
        }
        ConcentratedPool curve = new ConcentratedPool("anvil:uniswap-v4:" + pool.id().value(), ChainId.of(31_337),
                "uniswap-v4", token0, token1, lpFee, pool.spacing(), sqrtPrice, tick, liquidity, net, 1e6);
        return new UniswapV4Pool(curve, token0, token1, pool.fee(), Address.ZERO, protocolFee);
    }

    private static BigInteger quote(TestPool pool, boolean zeroForOne, BigInteger amount) {
        String answer = anvil.call(quoter, Abi.callHex("quoteExactInputSingle((" + KEY + ",bool,uint128,bytes))",
                tuple(pool.key(), bool(zeroForOne), uint256(amount), bytes(new byte[0]))), anvil.blockNumber());
        return AbiDecoder.uint(answer, 0);
    }

    private static void swap(TestPool pool, boolean zeroForOne, BigInteger amount) {
        BigInteger limit = zeroForOne ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE)
                : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE);
        anvil.send(DEV, swapRouter, Abi.callHex("swap(" + KEY + ",(bool,int256,uint160),(bool,bool),bytes)",
                pool.key(), tuple(bool(zeroForOne), int256(amount.negate()), uint256(limit)),
                tuple(bool(false), bool(false)), bytes(new byte[0])));
    }

    private static String bytecode(String path) throws Exception {
        return JsonMapper.builder().build().readTree(new File(path)).path("bytecode").path("object").asString();
    }

    private static String args(Abi.Value... values) {
        return Abi.encodeHex(values).substring(2);
    }
}
