package dev.junction.bench;

import dev.junction.chain.ChainId;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.PlannerSettings;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One planner call per invocation over a fixed mix of pairs on the embedded market snapshot (same-chain, cross-chain,
 * native, 18-decimal stablecoins, long-tail), each worth about $1,000 (one $100,000). SampleTime mode reports the
 * median and p99 per quote. Run: {@code bench/run-jmh.sh} (see docs/PERFORMANCE.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx512m"})
public class PlannerBenchmark {

    /** chain, symbol from, chain, symbol to, USD worth. */
    static final String[][] MIX = {
            {"1", "WETH", "1", "USDC", "1000"},          // same-chain
            {"1", "USDC", "42161", "USDC", "1000"},      // bridge
            {"1", "ETH", "42161", "USDC", "1000"},       // native, cross-chain swap
            {"1", "DAI", "1", "USDT", "100000"},         // 18-decimal stable to 6-decimal
            {"56", "USDT", "1", "USDC", "1000"},         // 18-decimal USDT on BSC, cross-chain
            {"1", "PEPE", "8453", "ETH", "1000"},        // long-tail to native on another chain
            {"8453", "DEGEN", "10", "USDC", "1000"},     // long-tail on Base to Optimism
            {"137", "POL", "42161", "ARB", "1000"},      // native to a governance token
    };

    /** Parallel legs a swap may split over: 4 (the default, splits on) or 1 (splits off), measured in the same run. */
    @Param({"4", "1"})
    public int maxSplits;

    private RoutePlanner planner;
    private MarketSnapshot snapshot;
    private List<RouteRequest> requests;
    private int next;

    @Setup(Level.Trial)
    public void load() {
        planner = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(maxSplits));
        snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        requests = requests(snapshot);
        for (RouteRequest r : requests) {
            List<PlannedRoute> routes = planner.plan(snapshot, r);
            System.out.printf("%s -> %s: %d routes, best %s%n", r.fromToken(), r.toToken(), routes.size(),
                    routes.getFirst().amountOut());
        }
    }

    static List<RouteRequest> requests(MarketSnapshot s) {
        List<RouteRequest> out = new ArrayList<>();
        for (String[] p : MIX) {
            Token from = token(s, p[0], p[1]);
            Token to = token(s, p[2], p[3]);
            BigInteger amount = new BigDecimal(p[4]).divide(BigDecimal.valueOf(from.priceUsd()), 18,
                    RoundingMode.FLOOR).movePointRight(from.decimals()).toBigInteger();
            out.add(RouteRequest.of(from.chain(), from.address(), to.chain(), to.address(), amount));
        }
        return out;
    }

    static Token token(MarketSnapshot s, String chain, String symbol) {
        return s.tokens(ChainId.of(Long.parseLong(chain))).stream().filter(t -> t.symbol().equals(symbol)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + symbol + " on chain " + chain));
    }

    @Benchmark
    public List<PlannedRoute> planMix() {
        RouteRequest r = requests.get(next++ & 7);
        return planner.plan(snapshot, r);
    }

}
