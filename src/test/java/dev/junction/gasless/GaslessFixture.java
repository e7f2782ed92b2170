package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.SwapView;
import dev.junction.execution.Swaps;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ChainFreshness;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.SimulationClock;
import dev.junction.market.Token;
import dev.junction.routing.RoutePlanner;
import dev.junction.support.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Sign;

/**
 * A two-chain market (Ethereum and Arbitrum) and a {@link GaslessService} over a test database, a settable clock and a
 * recording executor, with the sandbox's gasless executor unless a test gives another.
 */
final class GaslessFixture {

    static final ChainId ETH = ChainId.of(1);
    static final ChainId ARB = ChainId.of(42161);
    static final Address WETH = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address ARB_USDC = Address.evm("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    static final Address ARB_WETH = Address.evm("0x82aF49447D8a07e3bd95BD0d56f35241523fBab1");
    static final Address ETH_ROUTER = addr(0x1001);
    static final Address ETH_EXECUTOR = addr(0x1002);
    static final Address ARB_ROUTER = addr(0x2001);
    static final Address ARB_EXECUTOR = addr(0x2002);
    static final String KEY = PermitSignatureTest.TEST_KEY;
    static final Address OWNER = PermitSignatureTest.TEST_ADDRESS;

    final SettableClock base = new SettableClock(Instant.parse("2026-11-21T01:00:00Z"));
    final SimulationClock clock;
    final RecordingSwaps swaps = new RecordingSwaps();
    final MarketSnapshot snapshot = snapshot();
    final TestDatabase db;
    final GaslessNonceStore nonces;
    final GaslessQuoteStore quotes;
    final GaslessService service;

    GaslessFixture(TestDatabase db) {
        this(db, 1.0);
    }

    /** @param speed the simulation clock's speed */
    GaslessFixture(TestDatabase db, double speed) {
        this(db, speed, SandboxGaslessExecutor::new);
    }

    /**
     * @param speed the simulation clock's speed
     * @param executor the gasless executor over the recording executor's swaps (the sandbox's by default)
     */
    GaslessFixture(TestDatabase db, double speed, Function<Swaps, GaslessExecutor> executor) {
        this.db = db;
        this.clock = new SimulationClock(base, speed);
        DataSource ds = db.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        this.nonces = new GaslessNonceStore(jdbc);
        Market market = new Market() {
            public MarketSnapshot current() {
                return snapshot;
            }

            public MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
                throw new UnsupportedOperationException();
            }
        };
        this.quotes = new GaslessQuoteStore(jdbc);
        this.service = new GaslessService(market, clock, new RoutePlanner(), nonces, quotes,
                new DataSourceTransactionManager(ds), executor.apply(swaps), ChainFreshness.ALWAYS);
    }

    static Address addr(int n) {
        return Address.evm(String.format("0x%040x", n));
    }

    static BigInteger units(String whole, int decimals) {
        return new BigDecimal(whole).movePointRight(decimals).toBigIntegerExact();
    }

    /** USDC -> WETH on Ethereum; USDC Ethereum -> Arbitrum over across; WETH on Arbitrum. */
    static MarketSnapshot snapshot() {
        BigInteger gwei = BigInteger.TEN.pow(9);
        List<Chain> chains = List.of(
                new Chain(ETH, "eth", "Ethereum", "https://icons/eth.png", "ETH", 18, WETH, 12_000, 2,
                        gwei.multiply(BigInteger.valueOf(20)), gwei, BigInteger.ZERO, ETH_ROUTER, ETH_EXECUTOR, true),
                new Chain(ARB, "arb", "Arbitrum", "https://icons/arb.png", "ETH", 18, ARB_WETH, 250, 1,
                        gwei.divide(BigInteger.TEN), BigInteger.ZERO, BigInteger.valueOf(30_000_000_000_000L), ARB_ROUTER,
                        ARB_EXECUTOR, true));
        List<Token> tokens = List.of(token(ETH, Address.NATIVE, "ETH", 18, 3000), token(ETH, WETH, "WETH", 18, 3000),
                token(ETH, USDC, "USDC", 6, 1), token(ARB, Address.NATIVE, "ETH", 18, 3000),
                token(ARB, ARB_WETH, "WETH", 18, 3000), token(ARB, ARB_USDC, "USDC", 6, 1));
        List<Provider> providers = List.of(new Provider("uniswap-v2", "Uniswap V2", ProviderType.DEX, "https://icons/u"),
                new Provider("sushiswap", "SushiSwap", ProviderType.DEX, "https://icons/s"),
                new Provider("across", "Across", ProviderType.BRIDGE, "https://icons/a"));
        List<Pool> pools = List.of(
                new ConstantProductPool("eth:uni:weth-usdc", ETH, "uniswap-v2", WETH, USDC, units("1000", 18),
                        units("3000000", 6), 30, 6e6),
                new ConstantProductPool("arb:sushi:weth-usdc", ARB, "sushiswap", ARB_WETH, ARB_USDC, units("800", 18),
                        units("2400000", 6), 30, 4.8e6));
        List<BridgeLane> lanes = List.of(new BridgeLane("across", ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, 5, 0.5, 120,
                240, units("1", 6), units("1000000", 6), 90_000));
        return new MarketSnapshot(1, chains, tokens, providers, pools, lanes);
    }

    private static Token token(ChainId chain, Address address, String symbol, int decimals, double price) {
        return new Token(chain, address, decimals, symbol, symbol, "https://icons/" + symbol, price);
    }

    /** 1000 USDC on Ethereum to WETH on {@code toChain}, mode 2 or 3. */
    static GaslessQuoteCommand command(ChainId toChain, int mode) {
        return new GaslessQuoteCommand(ETH, USDC, toChain, toChain.equals(ETH) ? WETH : ARB_WETH,
                Amount.of(units("1000", 6)), OWNER, null, mode, null, false, null, null, null, "order-42", null, null);
    }

    /** Signs the quote's digest with a raw key (what a wallet's signTypedData produces), as 0x-hex r||s||v. */
    static String sign(byte[] digest, String key) {
        var pair = ECKeyPair.create(new BigInteger(key.substring(2), 16));
        var sig = Sign.signMessage(digest, pair, false);
        return Hex.encode(concat(sig.getR(), sig.getS(), sig.getV()));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** A clock tests can move. */
    static final class SettableClock extends Clock {
        private volatile Instant now;

        SettableClock(Instant now) {
            this.now = now;
        }

        void set(Instant instant) {
            now = instant;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    /** An executor that records what it was handed and answers like the real one (idempotent on the reference). */
    static final class RecordingSwaps implements Swaps {
        final List<ExecutionPlan> plans = new CopyOnWriteArrayList<>();
        private final Map<String, SwapSubmission> byReference = new ConcurrentHashMap<>();

        @Override
        public synchronized SwapSubmission submit(ExecutionPlan plan) {
            plans.add(plan);
            return byReference.computeIfAbsent(plan.reference(), r -> new SwapSubmission("swap-" + plans.size(),
                    "exec-" + plans.size(), plan.fromChain(), TxHash.of(Hash.sha3(r.getBytes()))));
        }

        /** Wallet-signed (DIRECT) swaps are not part of the gasless flow. */

        @Override
        public Optional<SwapView> findBySourceTx(ChainId fromChain, TxHash sourceTx) {
            return Optional.empty();
        }

        @Override
        public Optional<SwapView> find(String swapId) {
            return Optional.empty();
        }
    }
}
