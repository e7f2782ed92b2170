package dev.junction.support;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapKind;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.math.ConcentratedLiquidity;
import dev.junction.market.math.ConcentratedLiquidity.Position;
import dev.junction.market.math.TickMath;
import dev.junction.routing.RouteStep;
import dev.junction.routing.StepKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * The tests' one market helper: a builder of small hand-made snapshots ({@link #chain}, {@link #token}, {@link #v2},
 * {@link #lane}, ...), the fixtures built with it, and {@link InMemory}, a {@link Market} held in memory.
 *
 * <ul>
 *   <li>{@link #standard()}: the planner's three chains with pools and lanes, at synthetic addresses
 *       ({@link #addr}: {@link #WETH}, {@link #USDC}, ..., {@link #ARB_USDC}, {@link #BSC_USDT});</li>
 *   <li>{@link #api()}: Ethereum and Arbitrum with ETH and USDC, Solana with SOL and USDC, no pools (request
 *       validation and discovery), the primary market bean of {@link Api};</li>
 *   <li>{@link #execution()}: USDC/WETH V2 pools on Ethereum and Arbitrum and an Across USDC lane (the executor), with
 *       the plans {@link #sameChain}, {@link #crossChain} and {@link #bridgeOnly} on it;</li>
 *   <li>{@link #displaced(double)}: one chain with V2, V3 and Curve pools whose prices sit off the tokens' (the living
 *       market).</li>
 * </ul>
 *
 * The last three use the tokens' real mainnet addresses ({@link #USDC_ETHEREUM}, {@link #WETH_ARBITRUM}, ...).
 */
public final class TestMarket {

    public static final ChainId ETH = ChainId.of(1);
    public static final ChainId ARB = ChainId.of(42161);
    public static final ChainId BSC = ChainId.of(56);

    // standard()'s tokens and router, at synthetic addresses
    public static final Address WETH = addr(1);
    public static final Address USDC = addr(2);
    public static final Address USDT = addr(3);
    public static final Address DAI = addr(4);
    public static final Address ARB_WETH = addr(11);
    public static final Address ARB_USDC = addr(12);
    public static final Address WBNB = addr(21);
    public static final Address BSC_USDC = addr(22);
    public static final Address BSC_USDT = addr(23);
    public static final Address ROUTER = addr(99);

    // real mainnet addresses: api(), execution(), displaced()
    public static final Address USDC_ETHEREUM = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    public static final Address WETH_ETHEREUM = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    public static final Address DAI_ETHEREUM = Address.evm("0x6B175474E89094C44Da98b954EedeAC495271d0F");
    public static final Address USDT_ETHEREUM = Address.evm("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    public static final Address LINK_ETHEREUM = Address.evm("0x514910771AF9Ca656af840dff83E8264EcF986CA");
    public static final Address USDC_ARBITRUM = Address.evm("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    public static final Address WETH_ARBITRUM = Address.evm("0x82aF49447D8a07e3bd95BD0d56f35241523fBab1");
    public static final Address USDC_SOLANA = Address.solana("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    public static final Address WSOL = Address.solana("So11111111111111111111111111111111111111112");

    // execution()'s pools and the sender of its plans
    public static final String ETH_POOL = "eth:uniswap-v2:usdc-weth";
    public static final String ARB_POOL = "arb:uniswap-v2:usdc-weth";
    public static final Address USER = Address.evm("0x1111111111111111111111111111111111111111");

    private final List<Chain> chains = new ArrayList<>();
    private final List<Token> tokens = new ArrayList<>();
    private final Map<String, Provider> providers = new LinkedHashMap<>();
    private final List<Pool> pools = new ArrayList<>();
    private final List<BridgeLane> lanes = new ArrayList<>();

    /** An empty market to build on. */
    public TestMarket() {
    }

    /** The synthetic address {@code 0x00..0n}. */
    public static Address addr(int n) {
        return Address.evm(String.format("0x%040x", n));
    }

    /** {@code whole} (a decimal text) in a token's smallest units. */
    public static BigInteger units(String whole, int decimals) {
        return new BigDecimal(whole).movePointRight(decimals).toBigIntegerExact();
    }

    // ------------------------------------------------------------------------------------------------ builder

    /** An EVM chain with 1 confirmation, no base fee and {@link #ROUTER} as router and executor. */
    public TestMarket chain(ChainId id, String key, int blockMs, long gasGwei, Address wrapped) {
        return chain(new Chain(id, key, key.toUpperCase(), "https://icons/" + key + ".png", key.toUpperCase(), 18,
                wrapped, blockMs, 1, BigInteger.valueOf(gasGwei).multiply(BigInteger.TEN.pow(9)), BigInteger.ZERO,
                BigInteger.ZERO, ROUTER, ROUTER, true));
    }

    public TestMarket chain(Chain chain) {
        chains.add(chain);
        return this;
    }

    public TestMarket token(ChainId chain, Address address, String symbol, int decimals, double price) {
        return token(new Token(chain, address, decimals, symbol, symbol + " token", "https://icons/" + symbol + ".png",
                price));
    }

    public TestMarket token(Token token) {
        tokens.add(token);
        return this;
    }

    /** A DEX provider named after its key, unless the key is there already. */
    public TestMarket dex(String key) {
        return provider(new Provider(key, key.toUpperCase(), ProviderType.DEX, "https://icons/" + key));
    }

    /** A bridge provider named after its key, unless the key is there already. */
    public TestMarket bridgeProvider(String key) {
        return provider(new Provider(key, key.toUpperCase(), ProviderType.BRIDGE, "https://icons/" + key));
    }

    /** {@code provider}, unless its key is there already. */
    public TestMarket provider(Provider provider) {
        providers.putIfAbsent(provider.key(), provider);
        return this;
    }

    /** A constant-product pool (and its DEX, {@link #dex}). */
    public TestMarket v2(String id, ChainId chain, String provider, Address t0, Address t1, BigInteger r0,
            BigInteger r1, int feeBps, double liquidityUsd) {
        dex(provider);
        return pool(new ConstantProductPool(id, chain, provider, t0, t1, r0, r1, feeBps, liquidityUsd));
    }

    /** A Curve stable pool (and its DEX, {@link #dex}). */
    public TestMarket stable(String id, ChainId chain, String provider, List<Address> coins, List<Integer> decimals,
            List<BigInteger> balances, long amp, long fee, double liquidityUsd) {
        dex(provider);
        return pool(new StablePool(id, chain, provider, coins, decimals, balances, amp, fee, liquidityUsd));
    }

    /** A pool as it is (its provider is not added). */
    public TestMarket pool(Pool pool) {
        pools.add(pool);
        return this;
    }

    /** A bridge lane whose p90 is twice its p50 (and its bridge, {@link #bridgeProvider}). */
    public TestMarket lane(String provider, ChainId from, ChainId to, Address in, Address out, BigInteger fixedFee,
            int bps, double destGasUsd, int p50, BigInteger min, BigInteger cap, long gas) {
        bridgeProvider(provider);
        return lane(new BridgeLane(provider, from, to, in, out, fixedFee, bps, destGasUsd, p50, p50 * 2, min, cap,
                gas));
    }

    /** A lane as it is (its provider is not added). */
    public TestMarket lane(BridgeLane lane) {
        lanes.add(lane);
        return this;
    }

    /** Removes every pool. */
    public TestMarket withoutPools() {
        pools.clear();
        return this;
    }

    /** Removes every lane. */
    public TestMarket withoutLanes() {
        lanes.clear();
        return this;
    }

    /** Removes the lanes that match. */
    public TestMarket withoutLanes(Predicate<BridgeLane> which) {
        lanes.removeIf(which);
        return this;
    }

    /** The snapshot (version 1) of what was built so far. */
    public MarketSnapshot snapshot() {
        return new MarketSnapshot(1, chains, tokens, List.copyOf(providers.values()), pools, lanes);
    }

    /** A market holding {@link #snapshot()}. */
    public InMemory market() {
        return inMemory(snapshot());
    }

    // ------------------------------------------------------------------------------------------ in-memory market

    /** A market holding {@code initial}. */
    public static InMemory inMemory(MarketSnapshot initial) {
        return new InMemory(initial);
    }

    /** A {@link Market} held in memory: its snapshot changes only through {@link #update}, one change at a time. */
    public static final class InMemory implements Market {

        private MarketSnapshot current;

        private InMemory(MarketSnapshot initial) {
            this.current = initial;
        }

        @Override
        public synchronized MarketSnapshot current() {
            return current;
        }

        @Override
        public synchronized MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
            current = change.apply(current);
            return current;
        }

        /** The constant-product pool with this id. */
        public ConstantProductPool pool(String id) {
            return (ConstantProductPool) current().pool(id).orElseThrow();
        }
    }

    /** {@link #api()} as the primary {@link Market} bean: {@code @Import(TestMarket.Api.class)}. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class Api {
        @Bean
        @Primary
        Market testMarket() {
            return api().market();
        }
    }

    // ------------------------------------------------------------------------------------------------- fixtures

    /**
     * Ethereum (12 s blocks, 20 gwei): ETH/WETH 3000, USDC 6d, USDT 6d, DAI 18d; uniswap-v2 WETH/USDC and WETH/USDT,
     * sushiswap WETH/USDC (shallower), curve USDC/USDT/DAI. Arbitrum (250 ms, 0.1 gwei): ETH/WETH, USDC; sushiswap
     * WETH/USDC. BSC (3 s, 3 gwei): BNB/WBNB 600, USDC and USDT with 18 decimals; pancakeswap WBNB/USDT, curve
     * USDC/USDT. Lanes: across USDC eth-arb (5 bps + $0.50 gas, 2 min), cctp USDC eth-arb (free, 15 min, min 1 USDC),
     * across ETH eth-arb, stargate USDT eth-bsc (6 to 18 decimals), across USDC arb-eth.
     */
    public static TestMarket standard() {
        TestMarket m = new TestMarket()
                .chain(ETH, "eth", 12_000, 20, WETH).chain(ARB, "arb", 250, 1, ARB_WETH).chain(BSC, "bsc", 3_000, 3, WBNB)
                .token(ETH, Address.NATIVE, "ETH", 18, 3000).token(ETH, WETH, "WETH", 18, 3000)
                .token(ETH, USDC, "USDC", 6, 1).token(ETH, USDT, "USDT", 6, 1).token(ETH, DAI, "DAI", 18, 1)
                .token(ARB, Address.NATIVE, "ETH", 18, 3000).token(ARB, ARB_WETH, "WETH", 18, 3000)
                .token(ARB, ARB_USDC, "USDC", 6, 1)
                .token(BSC, Address.NATIVE, "BNB", 18, 600).token(BSC, WBNB, "WBNB", 18, 600)
                .token(BSC, BSC_USDC, "USDC", 18, 1).token(BSC, BSC_USDT, "USDT", 18, 1);
        m.v2("eth:uni:weth-usdc", ETH, "uniswap-v2", WETH, USDC, units("1000", 18), units("3000000", 6), 30, 6e6)
                .v2("eth:uni:weth-usdt", ETH, "uniswap-v2", WETH, USDT, units("500", 18), units("1500000", 6), 30, 3e6)
                .v2("eth:sushi:weth-usdc", ETH, "sushiswap", WETH, USDC, units("100", 18), units("301000", 6), 30, 6e5)
                .stable("eth:curve:3pool", ETH, "curve", List.of(USDC, USDT, DAI), List.of(6, 6, 18),
                        List.of(units("5000000", 6), units("5000000", 6), units("5000000", 18)), 2000, 4_000_000, 1.5e7)
                .v2("arb:sushi:weth-usdc", ARB, "sushiswap", ARB_WETH, ARB_USDC, units("800", 18), units("2400000", 6),
                        30, 4.8e6)
                .v2("bsc:pancake:wbnb-usdt", BSC, "pancakeswap", WBNB, BSC_USDT, units("10000", 18),
                        units("6000000", 18), 25, 1.2e7)
                .stable("bsc:curve:usdc-usdt", BSC, "curve", List.of(BSC_USDC, BSC_USDT), List.of(18, 18),
                        List.of(units("3000000", 18), units("3000000", 18)), 1000, 4_000_000, 6e6);
        m.lane("across", ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, 5, 0.5, 120, units("1", 6), units("1000000", 6),
                        90_000)
                .lane("cctp", ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, 0, 0, 900, units("1", 6), units("10000000", 6),
                        120_000)
                .lane("across", ETH, ARB, Address.NATIVE, Address.NATIVE, BigInteger.ZERO, 4, 0.5, 120,
                        units("0.001", 18), units("1000", 18), 60_000)
                .lane("stargate", ETH, BSC, USDT, BSC_USDT, units("0.1", 6), 6, 0.2, 60, units("1", 6),
                        units("5000000", 6), 150_000)
                .lane("across", ARB, ETH, ARB_USDC, USDC, BigInteger.ZERO, 5, 2.0, 120, units("1", 6),
                        units("1000000", 6), 90_000);
        return m;
    }

    /**
     * Ethereum (1) with ETH and USDC, Arbitrum (42161) with ETH and USDC, Solana with SOL and USDC; Uniswap V3 and
     * Across as providers; no pools, no lanes.
     */
    public static TestMarket api() {
        BigInteger gwei = BigInteger.TEN.pow(9);
        return new TestMarket()
                .chain(new Chain(ETH, "eth", "Ethereum", "https://icons.example/eth.svg", "ETH", 18, WETH_ETHEREUM,
                        12_000, 2, gwei.multiply(BigInteger.valueOf(20)), gwei, BigInteger.ZERO, null, null, true))
                .chain(new Chain(ARB, "arb", "Arbitrum One", "https://icons.example/arb.svg", "ETH", 18, WETH_ARBITRUM,
                        250, 1, gwei.divide(BigInteger.TEN), BigInteger.ZERO, BigInteger.valueOf(20_000_000_000_000L),
                        null, null, true))
                .chain(new Chain(ChainId.SOLANA, "sol", "Solana", "https://icons.example/sol.svg", "SOL", 9, WSOL, 400,
                        32, BigInteger.valueOf(5000), BigInteger.ZERO, BigInteger.ZERO, null, null, false))
                .token(new Token(ETH, Address.NATIVE, 18, "ETH", "Ether", "https://icons.example/eth.svg", 3000))
                .token(new Token(ETH, USDC_ETHEREUM, 6, "USDC", "USD Coin", "https://icons.example/usdc.svg", 1))
                .token(new Token(ARB, Address.NATIVE, 18, "ETH", "Ether", "https://icons.example/eth.svg", 3000))
                .token(new Token(ARB, USDC_ARBITRUM, 6, "USDC", "USD Coin", "https://icons.example/usdc.svg", 1))
                .token(new Token(ChainId.SOLANA, Address.NATIVE, 9, "SOL", "Solana", "https://icons.example/sol.svg",
                        150))
                .token(new Token(ChainId.SOLANA, USDC_SOLANA, 6, "USDC", "USD Coin", "https://icons.example/usdc.svg",
                        1))
                .provider(new Provider("uniswap-v3", "Uniswap V3", ProviderType.DEX, "https://icons.example/uniswap.svg"))
                .provider(new Provider("across", "Across", ProviderType.BRIDGE, "https://icons.example/across.svg"));
    }

    /**
     * Ethereum and Arbitrum, each with USDC and WETH and a Uniswap V2 USDC/WETH pool (30M USDC / 10k WETH,
     * {@link #ETH_POOL}, {@link #ARB_POOL}); an Across USDC lane Ethereum -> Arbitrum.
     */
    public static TestMarket execution() {
        BigInteger usdc = BigInteger.valueOf(30_000_000L).multiply(BigInteger.TEN.pow(6));
        BigInteger weth = BigInteger.valueOf(10_000L).multiply(BigInteger.TEN.pow(18));
        return new TestMarket()
                .chain(new Chain(ETH, "eth", "Ethereum", "https://logo/eth.svg", "ETH", 18, WETH_ETHEREUM, 12_000, 2,
                        BigInteger.valueOf(10_000_000_000L), BigInteger.ONE, BigInteger.ZERO, null, null, true))
                .chain(new Chain(ARB, "arb", "Arbitrum", "https://logo/arb.svg", "ETH", 18, WETH_ARBITRUM, 250, 1,
                        BigInteger.valueOf(10_000_000L), BigInteger.ONE, BigInteger.ZERO, null, null, true))
                .token(new Token(ETH, USDC_ETHEREUM, 6, "USDC", "USD Coin", "i", 1.0))
                .token(new Token(ETH, WETH_ETHEREUM, 18, "WETH", "Wrapped Ether", "i", 3000.0))
                .token(new Token(ARB, USDC_ARBITRUM, 6, "USDC", "USD Coin", "i", 1.0))
                .token(new Token(ARB, WETH_ARBITRUM, 18, "WETH", "Wrapped Ether", "i", 3000.0))
                .provider(new Provider("uniswap-v2", "Uniswap V2", ProviderType.DEX, "i"))
                .provider(new Provider("across", "Across", ProviderType.BRIDGE, "i"))
                .pool(new ConstantProductPool(ETH_POOL, ETH, "uniswap-v2", USDC_ETHEREUM, WETH_ETHEREUM, usdc, weth, 30,
                        6e7))
                .pool(new ConstantProductPool(ARB_POOL, ARB, "uniswap-v2", USDC_ARBITRUM, WETH_ARBITRUM, usdc, weth, 30,
                        6e7))
                .lane(new BridgeLane("across", ETH, ARB, USDC_ETHEREUM, USDC_ARBITRUM, BigInteger.valueOf(100_000), 5,
                        0.5, 60, 120, BigInteger.valueOf(1_000_000), BigInteger.TEN.pow(15), 90_000));
    }

    /** On {@link #execution()}: 1,000 USDC -> WETH on Ethereum with the given minimum. */
    public static ExecutionPlan sameChain(BigInteger minOut, Instant deadline, String reference) {
        Amount in = Amount.of(1_000_000_000L);
        return new ExecutionPlan(SwapKind.GASLESS, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER, ETH,
                USDC_ETHEREUM, ETH, WETH_ETHEREUM, in, Amount.of(minOut), deadline, reference,
                List.of(new PlanStep.Swap(ETH, ETH_POOL, USDC_ETHEREUM, WETH_ETHEREUM, in, Amount.of(minOut))));
    }

    /** On {@link #execution()}: 1,000 USDC on Ethereum -> Across -> USDC on Arbitrum -> WETH, with the final minimum. */
    public static ExecutionPlan crossChain(Address sender, BigInteger minOut, Instant deadline) {
        Amount in = Amount.of(1_000_000_000L);
        return new ExecutionPlan(SwapKind.GASLESS, RouteKind.CROSS_CHAIN_SWAP, "across", sender, sender, ETH,
                USDC_ETHEREUM, ARB, WETH_ARBITRUM, in, Amount.of(minOut), deadline, null,
                List.of(new PlanStep.Bridge("across", ETH, ARB, USDC_ETHEREUM, USDC_ARBITRUM, in,
                                Amount.of(990_000_000L)),
                        new PlanStep.Swap(ARB, ARB_POOL, USDC_ARBITRUM, WETH_ARBITRUM, Amount.of(990_000_000L),
                                Amount.of(minOut))));
    }

    /** On {@link #execution()}: 1,000 USDC bridged from Ethereum to Arbitrum. */
    public static ExecutionPlan bridgeOnly(Instant deadline) {
        Amount in = Amount.of(1_000_000_000L);
        return new ExecutionPlan(SwapKind.DIRECT, RouteKind.BRIDGE, "across", USER, USER, ETH, USDC_ETHEREUM, ARB,
                USDC_ARBITRUM, in, Amount.of(990_000_000L), deadline, null,
                List.of(new PlanStep.Bridge("across", ETH, ARB, USDC_ETHEREUM, USDC_ARBITRUM, in,
                        Amount.of(990_000_000L))));
    }

    /**
     * Ethereum alone: WETH $3000, USDC/DAI/USDT $1, LINK $15; a V2 and a V3 WETH/USDC pool and a Curve DAI/USDC/USDT
     * pool, displaced from those prices by the given factor on token0 (the Curve pool's DAI balance much more: a stable
     * pool's price barely moves with its balances). No providers, no lanes.
     */
    public static TestMarket displaced(double displacement) {
        // WETH is token0 (address 0xC0... > 0xA0..., but pool order here is ours to choose for the test)
        BigInteger wethReserve = BigInteger.valueOf(1_000).multiply(BigInteger.TEN.pow(18));
        BigInteger usdcReserve = BigInteger.valueOf(Math.round(3_000_000 * displacement))
                .multiply(BigInteger.TEN.pow(6));
        BigInteger sqrtP = ConcentratedLiquidity.sqrtPriceX96(3000 * displacement, 1, 18, 6);
        int tick = TickMath.getTickAtSqrtRatio(sqrtP);
        var ticks = ConcentratedLiquidity.fromPositions(List.of(
                new Position(-887220, 887220, new BigInteger("2000000000000000")),
                new Position(Math.floorDiv(tick, 60) * 60 - 1200, Math.floorDiv(tick, 60) * 60 + 1200,
                        new BigInteger("30000000000000000")),
                new Position(Math.floorDiv(tick, 60) * 60 - 6000, Math.floorDiv(tick, 60) * 60 + 600,
                        new BigInteger("10000000000000000"))), 60, tick);
        BigInteger daiBalance = BigInteger.valueOf(Math.round(1_000_000 * Math.pow(displacement, 20)))
                .multiply(BigInteger.TEN.pow(18));
        return new TestMarket()
                .chain(new Chain(ETH, "eth", "Ethereum", "https://x/eth.png", "ETH", 18, WETH_ETHEREUM, 12_000, 2,
                        BigInteger.valueOf(10_000_000_000L), BigInteger.ONE, BigInteger.ZERO, null, null, true))
                .token(displacedToken(WETH_ETHEREUM, 18, "WETH", 3000)).token(displacedToken(USDC_ETHEREUM, 6, "USDC", 1))
                .token(displacedToken(DAI_ETHEREUM, 18, "DAI", 1)).token(displacedToken(USDT_ETHEREUM, 6, "USDT", 1))
                .token(displacedToken(LINK_ETHEREUM, 18, "LINK", 15))
                .token(displacedToken(Address.NATIVE, 18, "ETH", 3000))
                .pool(new ConstantProductPool("eth:uniswap-v2:weth-usdc", ETH, "uniswap-v2", WETH_ETHEREUM,
                        USDC_ETHEREUM, wethReserve, usdcReserve, 30, 6_000_000))
                .pool(new ConcentratedPool("eth:uniswap-v3:weth-usdc-3000", ETH, "uniswap-v3", WETH_ETHEREUM,
                        USDC_ETHEREUM, 3000, 60, sqrtP, tick, ticks.liquidity(), ticks.liquidityNet(), 9_000_000))
                .pool(new StablePool("eth:curve:3pool", ETH, "curve", List.of(DAI_ETHEREUM, USDC_ETHEREUM,
                        USDT_ETHEREUM), List.of(18, 6, 6), List.of(daiBalance, BigInteger.valueOf(1_000_000_000_000L),
                        BigInteger.valueOf(1_000_000_000_000L)), 50, 1_000_000, 3_000_000));
    }

    private static Token displacedToken(Address address, int decimals, String symbol, double price) {
        return new Token(ETH, address, decimals, symbol, symbol, "https://x/" + symbol + ".png", price);
    }

    // ------------------------------------------------------------------------------------------ a route step

    private static final Provider FIGURES_DEX = new Provider("dex", "DEX", ProviderType.DEX, "https://icons/dex");
    private static final Token FIGURES_TOKEN = new Token(ETH, addr(1), 18, "T", "T token", "https://icons/t", 1);
    private static final ConstantProductPool FIGURES_POOL = new ConstantProductPool("pool", ETH, "dex", addr(1),
            addr(2), BigInteger.TEN, BigInteger.TEN, 30, 1);

    /**
     * A swap step of the given figures through one fixed pool, for tests of the sums over a route's steps (path fee,
     * gas limit) that read nothing else of it.
     */
    public static RouteStep swapStep(BigInteger from, BigInteger lpFee, BigInteger bridgeFee, long gasUnits) {
        return new RouteStep(StepKind.SWAP, FIGURES_DEX, ETH, ETH, ETH, FIGURES_TOKEN, FIGURES_TOKEN, from,
                BigInteger.ONE, lpFee, bridgeFee, gasUnits, 0, 0, FIGURES_POOL, null, Address.NATIVE, Address.NATIVE);
    }

    /**
     * A cross-chain market whose two swap segments can split: WETH/USDC on uniswap-v2 and sushiswap on each of ETH and
     * ARB (depths in WETH, priced at $3000), and an across USDC lane ETH -> ARB (0.5 USDC + 5 bps, $0.20 destination
     * gas, 1 minute, min 1 USDC, gas 110,000).
     */
    public static TestMarket crossChainPairs(long ethUni, long ethSushi, long arbUni, long arbSushi) {
        TestMarket m = new TestMarket().chain(ETH, "eth", 12_000, 20, WETH).chain(ARB, "arb", 250, 1, ARB_WETH)
                .token(ETH, WETH, "WETH", 18, 3000).token(ETH, USDC, "USDC", 6, 1)
                .token(ARB, ARB_WETH, "WETH", 18, 3000).token(ARB, ARB_USDC, "USDC", 6, 1);
        return m.v2("eth:uni:weth-usdc", ETH, "uniswap-v2", WETH, USDC, units(Long.toString(ethUni), 18),
                units(Long.toString(ethUni * 3000), 6), 30, ethUni * 6000.0)
                .v2("eth:sushi:weth-usdc", ETH, "sushiswap", WETH, USDC, units(Long.toString(ethSushi), 18),
                        units(Long.toString(ethSushi * 3000), 6), 30, ethSushi * 6000.0)
                .v2("arb:uni:usdc-weth", ARB, "uniswap-v2", ARB_USDC, ARB_WETH, units(Long.toString(arbUni * 3000), 6),
                        units(Long.toString(arbUni), 18), 30, arbUni * 6000.0)
                .v2("arb:sushi:usdc-weth", ARB, "sushiswap", ARB_USDC, ARB_WETH,
                        units(Long.toString(arbSushi * 3000), 6), units(Long.toString(arbSushi), 18), 30,
                        arbSushi * 6000.0)
                .lane("across", ETH, ARB, USDC, ARB_USDC, units("0.5", 6), 5, 0.2, 60, units("1", 6),
                        units("1000000000", 6), 110_000);
    }
}
