package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcSettings;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.io.File;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The planner's JMH on the live market (issue 14, "the planner's JMH figures unchanged on the live market"): the
 * snapshot is a {@link ChainMarket} loaded cold over JSON-RPC from an anvil running {@code chains/bin/
 * synthetic-market.mjs} (real Uniswap V2/V3 bytecode; by default 1,000 V2 pairs and 1,000 V3 pools with three
 * positions each, as {@code bench/chain-bench.sh}), with the router's measured gas table. One planner call per
 * invocation, cycling through 8 same-chain pairs worth $1,000 (the first 8 token pairs, in an order fixed by a seed,
 * that have a route). SampleTime mode reports the median and p99, comparable with {@code PlannerBenchmark} (embedded
 * market) and {@code SyntheticPlannerBenchmark} in the same run:
 * {@code bench/run-jmh.sh -wi 2 -i 3 'PlannerBenchmark|ChainPlannerBenchmark'}. Sizes and a reusable anvil state
 * (anvil's --dump-state/--load-state, as ChainBench's chainbench.state) by system properties of the fork:
 * {@code -jvmArgsAppend "-Dchainjmh.v2=200 -Dchainjmh.v3=200 -Dchainjmh.state=/tmp/chainjmh.json"}; issue 36's
 * Uniswap V4 and Balancer V2 pools as ChainBench's: {@code -Dchainjmh.v4=200 -Dchainjmh.balancer=100} (default 0).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx512m"})
public class ChainPlannerBenchmark {

    static final long CHAIN = 31_337;

    private final RoutePlanner planner = new RoutePlanner();
    private AnvilProcess anvil;
    private MarketSnapshot snapshot;
    private List<RouteRequest> requests;
    private int next;

    @Setup(Level.Trial)
    public void load() throws Exception {
        try {
            start();
        } catch (Exception | Error e) {
            // JMH does not run @TearDown after a failed @Setup: the anvil would outlive the fork
            stop();
            throw e;
        }
    }

    private void start() throws Exception {
        ChainBench.Sizes sizes = ChainBench.Sizes.of("chainjmh");
        String state = System.getProperty("chainjmh.state", "");
        Path marketFile = Path.of(state + ".market.json");
        boolean reuse = !state.isEmpty() && Files.isRegularFile(Path.of(state)) && Files.isRegularFile(marketFile);
        AnvilHarness.install();
        anvil = AnvilProcess.start(CHAIN, state.isEmpty() ? new String[] {"--disable-block-gas-limit"}
                : new String[] {"--disable-block-gas-limit", reuse ? "--load-state" : "--dump-state", state});
        JsonNode market;
        if (reuse) {
            market = JsonMapper.builder().build().readTree(Files.readString(marketFile));
        } else {
            market = synthetic(anvil, sizes);
            if (!state.isEmpty()) {
                Files.writeString(marketFile, market.toString());
            }
        }
        List<Address> tokens = ChainBench.tokens(market);
        ChainSettings settings = new ChainSettings(ChainId.of(CHAIN), "Bench", "bench", "ETH", List.of(anvil.rpcUrl()),
                tokens, ChainBench.wrappedNative(market), List.of(tokens.getFirst()),
                ChainBench.dexes(market, List.of(3000)), Map.of(), null,
                ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1),
                Duration.ofSeconds(30), Duration.ofMillis(100), 4, Map.of());
        try (ChainMarket chains = new ChainMarket(new Nodes(new ChainsSettings(List.of(settings)),
                RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(60))), Clock.systemUTC())) {
            snapshot = chains.load();
        }
        System.out.printf("live market (%s): %d pools, %d tokens, gas model %s, block %s%n", sizes.describe(),
                snapshot.pools().size(),
                snapshot.tokens().size(), snapshot.gas(), snapshot.head(ChainId.of(CHAIN)).orElseThrow().blockNumber());
        requests = new ArrayList<>();
        List<Token> listed = snapshot.tokens(ChainId.of(CHAIN)).stream().filter(t -> t.priceUsd() > 0).toList();
        // token pairs in an order fixed by a seed, the first 8 that have a route
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < listed.size(); i++) {
            for (int j = 0; j < listed.size(); j++) {
                if (i != j) {
                    pairs.add(new int[] {i, j});
                }
            }
        }
        Collections.shuffle(pairs, new Random(14));
        for (int[] p : pairs) {
            Token from = listed.get(p[0]);
            Token to = listed.get(p[1]);
            BigInteger amount = new BigDecimal(1000).divide(BigDecimal.valueOf(from.priceUsd()), 18,
                    RoundingMode.FLOOR).movePointRight(from.decimals()).toBigInteger();
            RouteRequest r = RouteRequest.of(from.chain(), from.address(), to.chain(), to.address(), amount);
            List<PlannedRoute> routes;
            try {
                routes = planner.plan(snapshot, r);
            } catch (RuntimeException noRoute) {
                continue;
            }
            System.out.printf("%s -> %s: %d routes, best %s in %d steps, gas %s%n", from.symbol(), to.symbol(),
                    routes.size(), routes.getFirst().amountOut(), routes.getFirst().steps().size(),
                    routes.getFirst().gasLimit());
            requests.add(r);
            if (requests.size() == 8) {
                break;
            }
        }
        if (requests.size() < 8) {
            throw new IllegalStateException("only " + requests.size() + " routable pairs in the live market");
        }
    }

    /**
     * Runs chains/bin/synthetic-market.mjs with its stdout in a file (Node writes files synchronously; its JSON of
     * 2,000 pools read through a pipe came back truncated in the JMH fork).
     */
    static JsonNode synthetic(AnvilProcess anvil, ChainBench.Sizes sizes) throws Exception {
        Path out = Files.createTempFile("synthetic-market", ".json");
        try {
            Process p = new ProcessBuilder(ChainBench.command(anvil, sizes)).directory(new File("chains"))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).redirectOutput(out.toFile()).start();
            p.getOutputStream().close();
            if (!p.waitFor(1200, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException("synthetic-market.mjs failed: " + Files.readString(out));
            }
            return JsonMapper.builder().build().readTree(Files.readString(out));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (anvil != null) {
            anvil.close();
            anvil = null;
        }
    }

    @Benchmark
    public List<PlannedRoute> planMix() {
        return planner.plan(snapshot, requests.get(next++ & 7));
    }
}
