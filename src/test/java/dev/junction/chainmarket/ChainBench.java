package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.OperatingSystemMXBean;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.LiveMarket;
import dev.junction.market.MarketSnapshot;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcSettings;
import dev.junction.protocol.uniswapv3.UniswapV3;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chain mode's benchmark (issue 14 "Speed and cost"), not part of {@code ./mvnw verify} (the class name matches no
 * surefire include): {@code bench/chain-bench.sh} runs it. A synthetic anvil market ({@code chains/bin/
 * synthetic-market.mjs}: by default 1,000 Uniswap V2 pairs and 1,000 V3 pools of the real npm bytecode), a
 * {@link ChainMarket} loaded cold from it (wall time and HTTP requests), then {@code chainbench.blocks} blocks each
 * with {@code chainbench.swaps} swaps in random pools, the follower polled once per block: HTTP requests per block and
 * the time from the block's logs arriving to the new snapshot. Prints one summary; asserts only request counts.
 * System properties: {@code chainbench.v2}, {@code chainbench.v3}, {@code chainbench.blocks},
 * {@code chainbench.swaps}, {@code chainbench.multicall} (false: JSON-RPC batches only), and (issue 36)
 * {@code chainbench.v4} Uniswap V4 pools and {@code chainbench.balancer} Balancer V2 pools (default 0 each): the
 * market gains them, the chain a {@code uniswap-v4} and a {@code balancer-v2} DEX, the blocks their swaps.
 */
class ChainBench {

    static final long CHAIN = 31_337;
    static final Address DEV0 = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

    @Test
    void coldLoadAndFollowing() throws Exception {
        Sizes sizes = Sizes.of("chainbench");
        int blocks = Integer.getInteger("chainbench.blocks", 200);
        int swaps = Integer.getInteger("chainbench.swaps", 100);
        boolean multicall = Boolean.parseBoolean(System.getProperty("chainbench.multicall", "true"));
        Result r = run(sizes, blocks, swaps, multicall);
        System.out.println(r.summary());
        Files.writeString(Path.of("target", "chain-bench.txt"), r.summary() + "\n");
        assertThat(r.pools()).isEqualTo(sizes.v2() + sizes.v3() + sizes.v4() + sizes.balancer());
    }

    /** The synthetic market's pools of each kind. */
    record Sizes(int v2, int v3, int v4, int balancer) {

        /** {@code chainbench.*} (or another prefix's) sizes: 1,000 V2 and V3 by default, no V4 or Balancer. */
        static Sizes of(String prefix) {
            return new Sizes(Integer.getInteger(prefix + ".v2", 1000), Integer.getInteger(prefix + ".v3", 1000),
                    Integer.getInteger(prefix + ".v4", 0), Integer.getInteger(prefix + ".balancer", 0));
        }

        String describe() {
            return String.format(Locale.ROOT, "V2 %d, V3 %d, V4 %d, Balancer %d", v2, v3, v4, balancer);
        }
    }

    /** What one run measured. */
    record Result(Sizes sizes, int pools, long setupMillis, long loadMillis, long loadRequests, int blocks, int swapsPerBlock,
            long[] requestsPerBlock, long[] applyNanos, int reorgs, String load, long loadCpuMillis,
            long[] pollNanos, long[] pollCpuNanos, List<ChainFollower.ApplyTimes> applies, long[] firstQuoteNanos,
            long[] secondQuoteNanos) {

        String summary() {
            long[] sorted = applyNanos.clone();
            Arrays.sort(sorted);
            long maxRequests = Arrays.stream(requestsPerBlock).max().orElse(0);
            double meanRequests = Arrays.stream(requestsPerBlock).average().orElse(0);
            long over2 = Arrays.stream(requestsPerBlock).filter(n -> n > 2).count();
            return String.format(Locale.ROOT, """
                    chain bench: %d pools (%s; %s), market built in %.1f s
                      cold load: %d ms, %d HTTP requests
                      %d blocks x %d swaps: HTTP requests per block mean %.2f, max %d, blocks above 2: %d
                        logs -> snapshot: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms
                      cold load CPU (this JVM, all threads): %d ms
                    %s""", pools, sizes.describe(), load,
                    setupMillis / 1000.0, loadMillis, loadRequests, blocks, swapsPerBlock, meanRequests, maxRequests,
                    over2, pct(sorted, 0.50), pct(sorted, 0.90), pct(sorted, 0.99),
                    sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6, loadCpuMillis, split());
        }

        /** Per block: where the wall and CPU time went (mean, p50, p99 in ms). */
        private String split() {
            StringBuilder b = new StringBuilder("  per block (ms)               mean     p50     p99\n");
            row(b, "poll, wall (RPC + apply)", pollNanos);
            row(b, "poll, CPU of polling thread", pollCpuNanos);
            row(b, "  RPC wait (poll - apply)", diff(pollNanos, applyNanos));
            row(b, "  apply, CPU", applies.stream().mapToLong(ChainFollower.ApplyTimes::cpu).toArray());
            row(b, "  parse logs+headers", applies.stream().mapToLong(ChainFollower.ApplyTimes::parse).toArray());
            row(b, "  reducers", applies.stream().mapToLong(ChainFollower.ApplyTimes::reduce).toArray());
            row(b, "  view (pools, prices)", applies.stream().mapToLong(ChainFollower.ApplyTimes::view).toArray());
            row(b, "  publish (snapshot)", applies.stream().mapToLong(ChainFollower.ApplyTimes::publish).toArray());
            row(b, "first quote (graph build)", firstQuoteNanos);
            row(b, "second quote (same graph)", secondQuoteNanos);
            return b.toString();
        }

        private static long[] diff(long[] a, long[] c) {
            long[] d = new long[a.length];
            for (int i = 0; i < a.length; i++) {
                d[i] = a[i] - c[i];
            }
            return d;
        }

        private static void row(StringBuilder b, String name, long[] nanos) {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            b.append(String.format(Locale.ROOT, "    %-28s %7.2f %7.2f %7.2f%n", name,
                    Arrays.stream(nanos).average().orElse(0) / 1e6, pct(sorted, 0.5), pct(sorted, 0.99)));
        }

        private static double pct(long[] sorted, double p) {
            if (sorted.length == 0) {
                return 0;
            }
            return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
        }
    }

    /** Builds the market on a fresh anvil, loads it cold, follows {@code blocks} blocks of swaps. */
    static Result run(Sizes sizes, int blocks, int swaps, boolean multicall) throws Exception {
        AnvilHarness.install();
        try (AnvilProcess anvil = AnvilProcess.start(CHAIN, anvilArgs())) {
            long t0 = System.nanoTime();
            JsonNode market = market(anvil, sizes);
            long setup = (System.nanoTime() - t0) / 1_000_000;
            List<Address> tokens = tokens(market);
            ChainSettings settings = new ChainSettings(ChainId.of(CHAIN), "Bench", "bench", "ETH",
                    List.of(anvil.rpcUrl()), tokens, wrappedNative(market), List.of(tokens.getFirst()),
                    dexes(market, List.of(100, 500, 3000, 10000)), Map.of(), null, ChainSettings.CANONICAL_PERMIT2,
                    multicall ? ChainSettings.CANONICAL_MULTICALL3
                            : Address.evm("0x000000000000000000000000000000000000dEaD"),
                    1, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofMillis(100), 4, Map.of());
            Nodes nodes = new Nodes(new ChainsSettings(List.of(settings)),
                    RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(60)));
            ChainMarket chains = new ChainMarket(nodes, Clock.systemUTC());
            long l0 = System.nanoTime();
            long c0 = processCpuNanos();
            MarketSnapshot snapshot = chains.load();
            long loadMillis = (System.nanoTime() - l0) / 1_000_000;
            long loadCpuMillis = (processCpuNanos() - c0) / 1_000_000;
            ChainFollower loaded = chains.followers().get(ChainId.of(CHAIN));
            long loadRequests = loaded.client().httpRequests();
            int pools = loaded.state().pools().size();
            LiveMarket live = new LiveMarket(snapshot);
            ChainFollower follower = loaded.withMarket(live);
            RoutePlanner planner = new RoutePlanner();
            RouteRequest quote = RouteRequest.of(ChainId.of(CHAIN), tokens.get(1), ChainId.of(CHAIN), tokens.get(2),
                    BigInteger.TEN.pow(18));
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long[] pollNanos = new long[blocks];
            long[] pollCpu = new long[blocks];
            long[] firstQuote = new long[blocks];
            long[] secondQuote = new long[blocks];
            List<ChainFollower.ApplyTimes> applies = new ArrayList<>();

            JsonNode pairs = market.path("pairs");
            JsonNode v3pools = market.path("pools");
            Address router02 = address(market.path("v2").path("router02"));
            Address swapRouter = address(market.path("v3").path("swapRouter"));
            Random random = new Random(14);
            long[] requests = new long[blocks];
            long[] apply = new long[blocks];
            for (int b = 0; b < blocks; b++) {
                List<RpcCall> txs = ChainFreshnessBench.swaps(market, swaps, random, anvil);
                anvil.rpc().call("evm_setAutomine", false);
                anvil.rpc().batch(txs).forEach(x -> x.orThrow());
                anvil.rpc().call("evm_mine");
                long before = follower.client().httpRequests();
                long p0 = System.nanoTime();
                long pc0 = threads.getCurrentThreadCpuTime();
                follower.poll();
                pollCpu[b] = threads.getCurrentThreadCpuTime() - pc0;
                pollNanos[b] = System.nanoTime() - p0;
                requests[b] = follower.client().httpRequests() - before;
                apply[b] = follower.lastApplyNanos();
                applies.add(follower.lastApply());
                MarketSnapshot now = live.current();
                long q0 = System.nanoTime();
                planner.plan(now, quote);
                long q1 = System.nanoTime();
                planner.plan(now, quote);
                firstQuote[b] = q1 - q0;
                secondQuote[b] = System.nanoTime() - q1;
            }
            anvil.rpc().call("evm_setAutomine", true);
            assertThat(follower.state().block()).isEqualTo(anvil.blockNumber());
            return new Result(sizes, pools, setup, loadMillis, loadRequests, blocks, swaps, requests, apply,
                    (int) follower.reorgs(), multicall ? "Multicall3" : "JSON-RPC batches", loadCpuMillis, pollNanos,
                    pollCpu, applies, firstQuote, secondQuote);
        }
    }

    static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    static Address address(JsonNode n) {
        return Address.evm(n.asString());
    }

    /** The market's listed tokens (WETH last when it has native ETH V4 pools). */
    static List<Address> tokens(JsonNode market) {
        List<Address> tokens = new ArrayList<>();
        market.path("tokens").forEach(t -> tokens.add(address(t)));
        return tokens;
    }

    /** The chain's wrapped native token when the market has native ETH V4 pools, else null. */
    static Address wrappedNative(JsonNode market) {
        return market.has("wrappedNative") ? address(market.path("wrappedNative")) : null;
    }

    /**
     * The chain-mode DEXes of the synthetic market: Uniswap V2 and V3 ({@code v3Fees} looked up per pair), and when
     * it has them a {@code uniswap-v4} DEX (its PoolManager and StateView; pools found at the cold load by the
     * customary keys) and a {@code balancer-v2} DEX (its Vault and factories, its pools listed).
     */
    static Map<String, Dex> dexes(JsonNode market, List<Integer> v3Fees) {
        Map<String, Dex> dexes = new LinkedHashMap<>();
        dexes.put("uniswap-v2", new Dex("uniswap-v2", "uniswap-v2", address(market.path("v2").path("factory")),
                List.of(), List.of(), UniswapV2.INIT_CODE_HASH));
        dexes.put("uniswap-v3", new Dex("uniswap-v3", "uniswap-v3", address(market.path("v3").path("factory")),
                v3Fees, List.of(), UniswapV3.INIT_CODE_HASH));
        if (market.has("v4")) {
            JsonNode v4 = market.path("v4");
            dexes.put("uniswap-v4", new Dex("uniswap-v4", "uniswap-v4", address(v4.path("poolManager")), List.of(),
                    List.of(), null, address(v4.path("stateView")), List.of(), null, List.of(),
                    wrappedNative(market)));
        }
        if (market.has("balancer")) {
            JsonNode b = market.path("balancer");
            List<Address> pools = new ArrayList<>();
            market.path("balancerPools").forEach(p -> pools.add(address(p.path("pool"))));
            dexes.put("balancer-v2", new Dex("balancer-v2", "balancer-v2", null, List.of(), pools, null, null,
                    List.of(), address(b.path("vault")), List.of(address(b.path("weightedPoolFactory")),
                    address(b.path("composableStablePoolFactory"))), wrappedNative(market)));
        }
        return dexes;
    }

    /**
     * anvil's options: with {@code chainbench.state=FILE}, reuse a market built once (anvil's --dump-state FILE, the
     * market's JSON beside it as FILE.market.json), written by the first run that names it. For repeated runs only;
     * never committed.
     */
    static String[] anvilArgs() {
        String stateFile = System.getProperty("chainbench.state", "");
        return stateFile.isEmpty() ? new String[] {"--disable-block-gas-limit"}
                : new String[] {"--disable-block-gas-limit", reused() ? "--load-state" : "--dump-state", stateFile};
    }

    private static boolean reused() {
        String stateFile = System.getProperty("chainbench.state", "");
        return !stateFile.isEmpty() && Files.isRegularFile(Path.of(stateFile))
                && Files.isRegularFile(Path.of(stateFile + ".market.json"));
    }

    /** The synthetic market on {@code anvil}: read back when reused, else built (and saved beside the state file). */
    static JsonNode market(AnvilProcess anvil, Sizes sizes) throws Exception {
        String stateFile = System.getProperty("chainbench.state", "");
        Path marketFile = Path.of(stateFile + ".market.json");
        if (reused()) {
            return JsonMapper.builder().build().readTree(Files.readString(marketFile));
        }
        JsonNode market = synthetic(anvil, sizes);
        if (!stateFile.isEmpty()) {
            Files.writeString(marketFile, market.toString());
        }
        return market;
    }

    /** Runs chains/bin/synthetic-market.mjs against the anvil; answers its JSON. */
    static JsonNode synthetic(AnvilProcess anvil, Sizes sizes) throws Exception {
        Process p = new ProcessBuilder(command(anvil, sizes)).directory(new File("chains"))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(1200, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("synthetic-market.mjs failed: " + out);
        }
        return JsonMapper.builder().build().readTree(out);
    }

    /** The synthetic-market.mjs command line for {@code sizes}. */
    static List<String> command(AnvilProcess anvil, Sizes sizes) {
        return List.of("node", "bin/synthetic-market.mjs", "--rpc", anvil.rpcUrl().toString(),
                "--v2", Integer.toString(sizes.v2()), "--v3", Integer.toString(sizes.v3()),
                "--v4", Integer.toString(sizes.v4()), "--balancer", Integer.toString(sizes.balancer()));
    }
}
