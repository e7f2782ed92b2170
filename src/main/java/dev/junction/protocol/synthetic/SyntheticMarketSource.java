package dev.junction.protocol.synthetic;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.MarketSource;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.math.ConcentratedLiquidity;
import dev.junction.market.math.ConcentratedLiquidity.Position;
import dev.junction.market.math.LiquidityAmounts;
import dev.junction.market.math.TickMath;
import dev.junction.protocol.Fork;
import dev.junction.protocol.across.Across;
import dev.junction.protocol.cctp.Cctp;
import dev.junction.protocol.celer.Celer;
import dev.junction.protocol.curve.Curve;
import dev.junction.protocol.hop.Hop;
import dev.junction.protocol.stargate.Stargate;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.protocol.uniswapv3.UniswapV3;
import dev.junction.protocol.wormhole.Wormhole;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A seeded generator of large synthetic markets for benchmarks: chains with synthetic ids (from {@value #FIRST_CHAIN_ID}),
 * tokens (on every chain the native token, WETH, WBTC, USDC, USDT and DAI, the rest synthetic, a tenth of them USD
 * stablecoins), pools of all three kinds (45% constant product, 45% concentrated, 10% stableswap between stablecoins;
 * half of the pairs have WETH, USDC or USDT on one side) and bridge lanes for the canonical tokens between chains.
 * Every pool's marginal price is within 0.4% of the reference prices of its tokens. The same sizes and seed always give
 * the same market. Its providers are the rooms' forks (hence its place in the protocol module: no other module names a
 * provider key).
 */
public final class SyntheticMarketSource implements MarketSource {

    /** The first synthetic chain id; chain i has id FIRST_CHAIN_ID + i. */
    public static final long FIRST_CHAIN_ID = 900_000;

    /** Uniswap V2 forks of the constant-product pools, with the fee each keeps (PancakeSwap V2: 0.25%). */
    private static final V2Fork[] DEX_V2 = {new V2Fork(UniswapV2.UNISWAP_V2, 30), new V2Fork(UniswapV2.SUSHISWAP, 30),
        new V2Fork(UniswapV2.PANCAKESWAP, 25), new V2Fork(UniswapV2.QUICKSWAP, 30)};
    /** Uniswap V3 forks of the concentrated pools. */
    private static final String[] DEX_V3 = {UniswapV3.UNISWAP_V3.key(), UniswapV3.AERODROME.key(),
        UniswapV3.CAMELOT.key()};
    /** The bridges of the USDC lanes; CCTP burns USDC at no fee and takes 13 to 19 minutes. */
    private static final LaneBridge[] BRIDGES = {new LaneBridge(Across.KEY, false), new LaneBridge(Stargate.KEY, false),
        new LaneBridge(Cctp.KEY, true), new LaneBridge(Hop.KEY, false), new LaneBridge(Celer.KEY, false),
        new LaneBridge(Wormhole.KEY, false)};
    /** The bridges of the USDT and WETH lanes: all but CCTP, which moves USDC only. */
    private static final LaneBridge[] NON_USDC_BRIDGES = {BRIDGES[0], BRIDGES[1], BRIDGES[3], BRIDGES[4],
        BRIDGES[5]};
    private static final int[] FEE_PIPS = {100, 500, 3000, 10000};
    private static final int[] SPACINGS = {1, 10, 60, 200};
    private static final long[] AMPS = {50, 100, 200, 500, 1000, 2000};
    private static final String[][] CANONICAL = {
        {"WETH", "18", "3000"}, {"WBTC", "8", "60000"}, {"USDC", "6", "1"}, {"USDT", "6", "1"}, {"DAI", "18", "1"}};
    private static final double MAX_DISPLACEMENT = 0.004;
    private static final BigInteger[] MIN_USABLE_SQRT = new BigInteger[SPACINGS.length];
    private static final BigInteger[] MAX_USABLE_SQRT = new BigInteger[SPACINGS.length];

    static {
        for (int t = 0; t < SPACINGS.length; t++) {
            MIN_USABLE_SQRT[t] = TickMath.getSqrtRatioAtTick(ConcentratedLiquidity.minUsableTick(SPACINGS[t]));
            MAX_USABLE_SQRT[t] = TickMath.getSqrtRatioAtTick(ConcentratedLiquidity.maxUsableTick(SPACINGS[t]));
        }
    }

    private final Sizes sizes;
    private final long seed;

    /** A V2 fork of the generated pools and the fee its pools keep, in basis points. */
    private record V2Fork(Fork fork, int feeBps) {
    }

    /** A bridge of the generated lanes; a Circle burn has no fee and CCTP's attestation time. */
    private record LaneBridge(String key, boolean circleBurn) {
    }

    /**
     * How big a market to build.
     *
     * @param chains number of chains, >= 2
     * @param tokens number of tokens in all (including the 6 canonical ones on every chain), >= 8 per chain
     * @param pools number of pools in all, >= 0
     * @param lanes number of bridge lanes, at most chains*(chains-1)*3
     */
    public record Sizes(int chains, int tokens, int pools, int lanes) {

        /** 20 chains, 2,000 tokens, 50,000 pools, 500 bridge lanes. */
        public static final Sizes DEFAULT = new Sizes(20, 2_000, 50_000, 500);

        public Sizes {
            if (chains < 2 || tokens < chains * 8 || pools < 0 || lanes < 0 || lanes > chains * (chains - 1) * 3) {
                throw new IllegalArgumentException("synthetic market sizes need >= 2 chains, >= 8 tokens per chain, "
                        + "pools >= 0 and 0 <= lanes <= chains*(chains-1)*3");
            }
        }
    }

    public SyntheticMarketSource(Sizes sizes, long seed) {
        this.sizes = sizes;
        this.seed = seed;
    }

    @Override
    public MarketSnapshot load() {
        return new Generator(sizes, new SplittableRandom(seed)).build();
    }

    /** One generation run; holds the random source and the per-chain token lists. */
    private static final class Generator {

        private final Sizes sizes;
        private final SplittableRandom random;
        private final Set<String> usedAddresses = new HashSet<>();
        private final List<Chain> chains = new ArrayList<>();
        private final List<Token> tokens = new ArrayList<>();
        private final List<List<Token>> erc20ByChain = new ArrayList<>();
        private final List<List<Token>> stablesByChain = new ArrayList<>();
        private final List<List<Token>> hubsByChain = new ArrayList<>();

        Generator(Sizes sizes, SplittableRandom random) {
            this.sizes = sizes;
            this.random = random;
        }

        MarketSnapshot build() {
            for (int c = 0; c < sizes.chains(); c++) {
                buildChain(c);
            }
            List<Pool> pools = new ArrayList<>(sizes.pools());
            for (int i = 0; i < sizes.pools(); i++) {
                pools.add(pool(i));
            }
            return new MarketSnapshot(1, chains, tokens, providers(), pools, lanes());
        }

        private void buildChain(int c) {
            ChainId id = ChainId.of(FIRST_CHAIN_ID + c);
            int perChain = sizes.tokens() / sizes.chains() + (c < sizes.tokens() % sizes.chains() ? 1 : 0);
            List<Token> erc20 = new ArrayList<>();
            List<Token> stables = new ArrayList<>();
            List<Token> hubs = new ArrayList<>();
            for (String[] canonical : CANONICAL) {
                Token t = token(id, canonical[0], Integer.parseInt(canonical[1]), Double.parseDouble(canonical[2]));
                erc20.add(t);
                if (canonical[2].equals("1")) {
                    stables.add(t);
                }
                if (!canonical[0].equals("WBTC") && !canonical[0].equals("DAI")) {
                    hubs.add(t);
                }
            }
            Address wrapped = erc20.getFirst().address();
            String key = "syn" + c;
            BigInteger gwei = BigInteger.TEN.pow(9);
            chains.add(new Chain(id, key, "Synthetic " + c, "https://icons.junction.dev/" + key + ".svg", "ETH", 18,
                    wrapped, 250 + random.nextInt(12_000), 1 + random.nextInt(32),
                    gwei.multiply(BigInteger.valueOf(1 + random.nextInt(30))).divide(BigInteger.TEN), gwei.divide(BigInteger.TEN),
                    BigInteger.ZERO, randomAddress(), randomAddress(), true));
            tokens.add(new Token(id, Address.NATIVE, 18, "ETH", "Ether", "https://icons.junction.dev/eth.svg", 3000));
            for (int k = erc20.size() + 1; k < perChain; k++) {
                boolean stable = random.nextInt(10) == 0;
                String symbol = (stable ? "USD" : "SYN") + c + "X" + k;
                int decimals = new int[] {6, 8, 18, 18}[random.nextInt(4)];
                double price = stable ? 1.0 : Math.exp(Math.log(0.01) + random.nextDouble() * Math.log(1e5));
                Token t = token(id, symbol, decimals, price);
                erc20.add(t);
                if (stable) {
                    stables.add(t);
                }
            }
            tokens.addAll(erc20);
            erc20ByChain.add(erc20);
            stablesByChain.add(stables);
            hubsByChain.add(hubs);
        }

        private Token token(ChainId chain, String symbol, int decimals, double price) {
            return new Token(chain, randomAddress(), decimals, symbol, symbol + " (synthetic)",
                    "https://icons.junction.dev/" + symbol.toLowerCase(Locale.ROOT) + ".svg", price);
        }

        private Pool pool(int i) {
            int c = random.nextInt(sizes.chains());
            ChainId chain = chains.get(c).id();
            double liquidityUsd = Math.exp(Math.log(1e4) + random.nextDouble() * Math.log(5e3));
            int kind = random.nextInt(20);
            if (kind < 2) {
                return stablePool(i, c, chain, liquidityUsd);
            }
            Token[] pair = pair(c);
            Token t0 = pair[0].address().lower().compareTo(pair[1].address().lower()) < 0 ? pair[0] : pair[1];
            Token t1 = t0 == pair[0] ? pair[1] : pair[0];
            double displacement = 1 + (random.nextDouble() * 2 - 1) * MAX_DISPLACEMENT;
            return kind < 11 ? v2Pool(i, chain, t0, t1, liquidityUsd, displacement)
                    : v3Pool(i, chain, t0, t1, liquidityUsd, displacement);
        }

        private Token[] pair(int c) {
            List<Token> all = erc20ByChain.get(c);
            Token a = random.nextBoolean()
                    ? hubsByChain.get(c).get(random.nextInt(hubsByChain.get(c).size()))
                    : all.get(random.nextInt(all.size()));
            Token b;
            do {
                b = all.get(random.nextInt(all.size()));
            } while (b == a);
            return new Token[] {a, b};
        }

        private Pool v2Pool(int i, ChainId chain, Token t0, Token t1, double liquidityUsd, double displacement) {
            BigInteger r0 = units(liquidityUsd / 2 / t0.priceUsd(), t0.decimals());
            BigInteger r1 = units(liquidityUsd / 2 / t1.priceUsd() * displacement, t1.decimals());
            V2Fork fork = DEX_V2[random.nextInt(DEX_V2.length)];
            String provider = fork.fork().key();
            return new ConstantProductPool(id(chain, provider, i), chain, provider, t0.address(), t1.address(),
                    r0.max(BigInteger.valueOf(1000)), r1.max(BigInteger.valueOf(1000)), fork.feeBps(), liquidityUsd);
        }

        private Pool v3Pool(int i, ChainId chain, Token t0, Token t1, double liquidityUsd, double displacement) {
            int tier = random.nextInt(4);
            int spacing = SPACINGS[tier];
            BigInteger sqrtP = ConcentratedLiquidity.sqrtPriceX96(t0.priceUsd() * displacement, t1.priceUsd(),
                    t0.decimals(), t1.decimals());
            int tick = TickMath.getTickAtSqrtRatio(sqrtP);
            int base = Math.floorDiv(tick, spacing);
            int count = 3 + random.nextInt(4);
            List<Position> positions = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                int lower;
                int upper;
                if (k == 0) {
                    lower = ConcentratedLiquidity.minUsableTick(spacing);
                    upper = ConcentratedLiquidity.maxUsableTick(spacing);
                } else {
                    int width = Math.max(1, (50 + random.nextInt(4000)) / spacing);
                    lower = Math.max((base - random.nextInt(width + 1) - 1) * spacing, ConcentratedLiquidity.minUsableTick(spacing));
                    upper = Math.min(lower + (width + 1) * spacing, ConcentratedLiquidity.maxUsableTick(spacing));
                }
                double shareUsd = liquidityUsd / count;
                BigInteger amount0 = units(shareUsd / 2 / t0.priceUsd(), t0.decimals());
                BigInteger amount1 = units(shareUsd / 2 / t1.priceUsd(), t1.decimals());
                BigInteger liquidity = LiquidityAmounts.getLiquidityForAmounts(sqrtP, sqrtAt(lower, tier),
                        sqrtAt(upper, tier), amount0, amount1);
                if (liquidity.signum() > 0) {
                    positions.add(new Position(lower, upper, liquidity));
                }
            }
            if (positions.isEmpty()) {
                positions.add(new Position(ConcentratedLiquidity.minUsableTick(spacing),
                        ConcentratedLiquidity.maxUsableTick(spacing), BigInteger.valueOf(1_000_000)));
            }
            var ticks = ConcentratedLiquidity.fromPositions(positions, spacing, tick);
            String provider = DEX_V3[random.nextInt(DEX_V3.length)];
            return new ConcentratedPool(id(chain, provider, i), chain, provider, t0.address(), t1.address(),
                    FEE_PIPS[tier], spacing, sqrtP, tick, ticks.liquidity(), ticks.liquidityNet(), liquidityUsd);
        }

        /** getSqrtRatioAtTick, with the full-range ends of each fee tier computed once. */
        private static BigInteger sqrtAt(int tick, int tier) {
            if (tick == ConcentratedLiquidity.minUsableTick(SPACINGS[tier])) {
                return MIN_USABLE_SQRT[tier];
            }
            if (tick == ConcentratedLiquidity.maxUsableTick(SPACINGS[tier])) {
                return MAX_USABLE_SQRT[tier];
            }
            return TickMath.getSqrtRatioAtTick(tick);
        }

        private Pool stablePool(int i, int c, ChainId chain, double liquidityUsd) {
            List<Token> stables = new ArrayList<>(stablesByChain.get(c));
            int n = stables.size() >= 3 && random.nextInt(3) == 0 ? 3 : 2;
            List<Token> coins = new ArrayList<>(n);
            while (coins.size() < n) {
                coins.add(stables.remove(random.nextInt(stables.size())));
            }
            List<Address> addresses = new ArrayList<>();
            List<Integer> decimals = new ArrayList<>();
            List<BigInteger> balances = new ArrayList<>();
            for (Token t : coins) {
                addresses.add(t.address());
                decimals.add(t.decimals());
                // up to 2% imbalance: with A >= 50 the marginal price stays well within 0.4% of 1
                balances.add(units(liquidityUsd / n * (1 + (random.nextDouble() * 2 - 1) * 0.02), t.decimals()));
            }
            return new StablePool(id(chain, Curve.KEY, i), chain, Curve.KEY, addresses, decimals, balances,
                    AMPS[random.nextInt(AMPS.length)], 1_000_000 + random.nextInt(3_000_001), liquidityUsd);
        }

        private List<BridgeLane> lanes() {
            List<BridgeLane> lanes = new ArrayList<>(sizes.lanes());
            Set<String> seen = new HashSet<>();
            String[] laneTokens = {"USDC", "USDT", "WETH"};
            while (lanes.size() < sizes.lanes()) {
                int from = random.nextInt(sizes.chains());
                int to = random.nextInt(sizes.chains());
                int token = random.nextInt(laneTokens.length);
                if (from == to || !seen.add(from + ":" + to + ":" + token)) {
                    continue;
                }
                Token in = canonical(from, laneTokens[token]);
                Token out = canonical(to, laneTokens[token]);
                LaneBridge bridge = token == 0 ? BRIDGES[random.nextInt(BRIDGES.length)]
                        : NON_USDC_BRIDGES[random.nextInt(NON_USDC_BRIDGES.length)];
                String provider = bridge.key();
                boolean cctp = bridge.circleBurn();
                int p50 = cctp ? 780 + random.nextInt(360) : 30 + random.nextInt(900);
                lanes.add(new BridgeLane(provider, chains.get(from).id(), chains.get(to).id(), in.address(),
                        out.address(), cctp ? BigInteger.ZERO : units(0.05 + random.nextDouble(), in.decimals(), in.priceUsd()),
                        cctp ? 0 : 1 + random.nextInt(12), cctp ? 0 : 0.1 + random.nextDouble(), p50,
                        p50 * 3 / 2 + random.nextInt(p50 + 1), units(1, in.decimals(), in.priceUsd()),
                        units(1e6 + random.nextDouble() * 4.9e7, in.decimals(), in.priceUsd()), 80_000 + random.nextInt(170_000)));
            }
            return lanes;
        }

        private Token canonical(int chain, String symbol) {
            return erc20ByChain.get(chain).stream().filter(t -> t.symbol().equals(symbol)).findFirst().orElseThrow();
        }

        private static List<Provider> providers() {
            List<Provider> providers = new ArrayList<>();
            List<String> dexes = new ArrayList<>();
            for (V2Fork f : DEX_V2) {
                dexes.add(f.fork().key());
            }
            dexes.addAll(List.of(DEX_V3));
            dexes.add(Curve.KEY);
            for (String key : dexes) {
                providers.add(new Provider(key, key, ProviderType.DEX, "https://icons.junction.dev/" + key + ".svg"));
            }
            for (LaneBridge b : BRIDGES) {
                providers.add(new Provider(b.key(), b.key(), ProviderType.BRIDGE,
                        "https://icons.junction.dev/" + b.key() + ".svg"));
            }
            return providers;
        }

        private Address randomAddress() {
            StringBuilder hex = new StringBuilder("0x");
            do {
                hex.setLength(2);
                for (int k = 0; k < 5; k++) {
                    hex.append(String.format("%08x", random.nextInt()));
                }
            } while (!usedAddresses.add(hex.toString()));
            return Address.evm(hex.toString());
        }

        private static String id(ChainId chain, String provider, int i) {
            return chain + ":" + provider + ":" + i;
        }

        /** Whole-token amount to smallest units (rounded down). */
        private static BigInteger units(double whole, int decimals) {
            return BigDecimal.valueOf(whole).movePointRight(decimals).toBigInteger();
        }

        /** USD amount to smallest units of a token at its price. */
        private static BigInteger units(double usd, int decimals, double priceUsd) {
            return units(usd / priceUsd, decimals);
        }
    }
}
