package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small hand-made market for planner tests: builder plus a standard three-chain fixture. */
public final class TestMarket {

    /**
     * A swap step of the given figures through one fixed pool, for tests of the sums over a route's steps (path fee,
     * gas limit) that read nothing else of it.
     */
    public static RouteStep swapStep(BigInteger from, BigInteger lpFee, BigInteger bridgeFee, long gasUnits) {
        return new RouteStep(StepKind.SWAP, FIGURES_DEX, FIGURES_CHAIN, FIGURES_CHAIN, FIGURES_CHAIN, FIGURES_TOKEN,
                FIGURES_TOKEN, from, BigInteger.ONE, lpFee, bridgeFee, gasUnits, 0, 0, FIGURES_POOL, null,
                Address.NATIVE, Address.NATIVE);
    }

    private static final Provider FIGURES_DEX = new Provider("dex", "DEX", ProviderType.DEX, "https://icons/dex");
    private static final ChainId FIGURES_CHAIN = ChainId.of(1);
    private static final Token FIGURES_TOKEN = new Token(FIGURES_CHAIN, addr(1), 18, "T", "T token", "https://icons/t",
            1);
    private static final ConstantProductPool FIGURES_POOL = new ConstantProductPool("pool", FIGURES_CHAIN, "dex",
            addr(1), addr(2), BigInteger.TEN, BigInteger.TEN, 30, 1);

    public static final ChainId ETH = ChainId.of(1);
    public static final ChainId ARB = ChainId.of(42161);
    public static final ChainId BSC = ChainId.of(56);

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

    final List<Chain> chains = new ArrayList<>();
    final List<Token> tokens = new ArrayList<>();
    final Map<String, Provider> providers = new LinkedHashMap<>();
    final List<Pool> pools = new ArrayList<>();
    final List<BridgeLane> lanes = new ArrayList<>();

    public static Address addr(int n) {
        return Address.evm(String.format("0x%040x", n));
    }

    static BigInteger units(String whole, int decimals) {
        return new BigDecimal(whole).movePointRight(decimals).toBigIntegerExact();
    }

    TestMarket chain(ChainId id, String key, int blockMs, long gasGwei, Address wrapped) {
        chains.add(new Chain(id, key, key.toUpperCase(), "https://icons/" + key + ".png", key.toUpperCase(), 18, wrapped,
                blockMs, 1, BigInteger.valueOf(gasGwei).multiply(BigInteger.TEN.pow(9)), BigInteger.ZERO,
                BigInteger.ZERO, ROUTER, ROUTER, true));
        return this;
    }

    TestMarket token(ChainId chain, Address address, String symbol, int decimals, double price) {
        tokens.add(new Token(chain, address, decimals, symbol, symbol + " token", "https://icons/" + symbol + ".png",
                price));
        return this;
    }

    TestMarket dex(String key) {
        providers.putIfAbsent(key, new Provider(key, key.toUpperCase(), ProviderType.DEX, "https://icons/" + key));
        return this;
    }

    TestMarket bridgeProvider(String key) {
        providers.putIfAbsent(key, new Provider(key, key.toUpperCase(), ProviderType.BRIDGE, "https://icons/" + key));
        return this;
    }

    TestMarket v2(String id, ChainId chain, String provider, Address t0, Address t1, BigInteger r0, BigInteger r1,
            int feeBps, double liquidityUsd) {
        dex(provider);
        pools.add(new ConstantProductPool(id, chain, provider, t0, t1, r0, r1, feeBps, liquidityUsd));
        return this;
    }

    TestMarket stable(String id, ChainId chain, String provider, List<Address> coins, List<Integer> decimals,
            List<BigInteger> balances, long amp, long fee, double liquidityUsd) {
        dex(provider);
        pools.add(new StablePool(id, chain, provider, coins, decimals, balances, amp, fee, liquidityUsd));
        return this;
    }

    TestMarket lane(String provider, ChainId from, ChainId to, Address in, Address out, BigInteger fixedFee, int bps,
            double destGasUsd, int p50, BigInteger min, BigInteger cap, long gas) {
        bridgeProvider(provider);
        lanes.add(new BridgeLane(provider, from, to, in, out, fixedFee, bps, destGasUsd, p50, p50 * 2, min, cap, gas));
        return this;
    }

    public MarketSnapshot snapshot() {
        return new MarketSnapshot(1, chains, tokens, List.copyOf(providers.values()), pools, lanes);
    }

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
}
