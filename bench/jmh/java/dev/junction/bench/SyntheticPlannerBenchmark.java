package dev.junction.bench;

import dev.junction.chain.ChainId;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.protocol.synthetic.SyntheticMarketSource;
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
 * One planner call per invocation on the 50,000-pool synthetic market ({@link SyntheticMarketSource.Sizes#DEFAULT},
 * seed 42: 20 chains, 2,000 tokens, 500 lanes), cycling through 8 pairs worth $1,000 each: same-chain canonical pairs,
 * stablecoin bridges, cross-chain swaps and synthetic long-tail tokens. SampleTime mode reports the median and p99.
 * Run: {@code bench/run-jmh.sh -wi 2 -i 3 -f 1 SyntheticPlannerBenchmark} (see docs/PERFORMANCE.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx512m"})
public class SyntheticPlannerBenchmark {

    /** chain index, symbol (or #n: the n-th token listed on the chain), chain index, symbol. */
    static final String[][] MIX = {
            {"0", "WETH", "0", "USDC"}, {"0", "USDC", "1", "USDC"}, {"0", "DAI", "0", "USDT"},
            {"3", "WETH", "7", "DAI"}, {"4", "WBTC", "4", "WETH"}, {"0", "#40", "1", "#10"},
            {"6", "#25", "6", "USDT"}, {"9", "USDT", "12", "#30"},
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
        snapshot = new SyntheticMarketSource(SyntheticMarketSource.Sizes.DEFAULT, 42).load();
        requests = new ArrayList<>();
        for (String[] p : MIX) {
            Token from = token(p[0], p[1]);
            Token to = token(p[2], p[3]);
            BigInteger amount = new BigDecimal(1000).divide(BigDecimal.valueOf(from.priceUsd()), 18, RoundingMode.FLOOR)
                    .movePointRight(from.decimals()).toBigInteger();
            RouteRequest r = RouteRequest.of(from.chain(), from.address(), to.chain(), to.address(), amount);
            List<PlannedRoute> routes = planner.plan(snapshot, r);
            System.out.printf("%s %s -> %s %s: %d routes, best %s%n", from.symbol(), from.chain(), to.symbol(), to.chain(),
                    routes.size(), routes.getFirst().amountOut());
            requests.add(r);
        }
    }

    private Token token(String chainIndex, String symbol) {
        ChainId chain = ChainId.of(SyntheticMarketSource.FIRST_CHAIN_ID + Long.parseLong(chainIndex));
        List<Token> listed = snapshot.tokens(chain);
        if (symbol.startsWith("#")) {
            return listed.get(Integer.parseInt(symbol.substring(1)));
        }
        return listed.stream().filter(t -> t.symbol().equals(symbol)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + symbol + " on chain " + chain));
    }

    @Benchmark
    public List<PlannedRoute> planMix() {
        return planner.plan(snapshot, requests.get(next++ & 7));
    }
}
