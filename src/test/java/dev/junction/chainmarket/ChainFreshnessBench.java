package dev.junction.chainmarket;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bool;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import com.sun.management.ThreadMXBean;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.ChainId;
import dev.junction.market.LiveMarket;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcSettings;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.net.URI;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToLongFunction;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 38's freshness benchmark, not part of {@code ./mvnw verify} ({@code bench/chain-bench.sh} runs it after
 * {@link ChainBench}): the synthetic anvil market of {@link ChainBench} (1,000 V2 + 1,000 V3 pools), followed by a
 * {@link ChainMarket} whose heads are pushed over anvil's WebSocket (HTTP polling every 10 minutes: never), with the
 * planner's route graph published with each snapshot. Two phases of {@code chainfresh.seconds} each, one quoting thread
 * planning a cycle of 8 token pairs on the live market without pause: the chain frozen, then a block of
 * {@code chainbench.swaps} swaps every {@code chainfresh.block-ms} (250 ms). Prints the time from each head's arrival
 * to its snapshot published (p50/p90/p99/max) and the quotes' p50/p99 in both phases, and their ratio; then from each
 * block mined to the first snapshot at it (block -> in every quote), where each head's time went (the node, the
 * follower's phases, collections) and the CPU and allocation of the publish's pieces on one platform thread.
 * {@code bench/fresh-quote.sh} measures the quotes over HTTP with wrk.
 */
class ChainFreshnessBench {

    static final long CHAIN = 31_337;
    static final ChainId ID = ChainId.of(CHAIN);
    static final Address DEV0 = ChainBench.DEV0;

    @Test
    void headToSnapshotAndQuotesWhileBlocksApply() throws Exception {
        ChainBench.Sizes sizes = ChainBench.Sizes.of("chainbench");
        int swaps = Integer.getInteger("chainbench.swaps", 100);
        int seconds = Integer.getInteger("chainfresh.seconds", 30);
        long blockMillis = Long.getLong("chainfresh.block-ms", 250);
        AnvilHarness.install();
        try (AnvilProcess anvil = AnvilProcess.start(CHAIN, ChainBench.anvilArgs())) {
            JsonNode market = ChainBench.market(anvil, sizes);
            List<Address> tokens = ChainBench.tokens(market);
            ChainSettings settings = new ChainSettings(ID, "Bench", "bench", "ETH", List.of(anvil.rpcUrl()), tokens,
                    ChainBench.wrappedNative(market), List.of(tokens.getFirst()),
                    ChainBench.dexes(market, List.of(100, 500, 3000, 10000)), Map.of(), null,
                    ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1,
                    Duration.ofMillis(blockMillis), Duration.ofMinutes(10), Duration.ofMinutes(10), 4, Map.of())
                    .withWsUrls(List.of(URI.create("ws://127.0.0.1:" + anvil.port())));
            RoutePlanner planner = new RoutePlanner();
            try (ChainMarket chains = new ChainMarket(new Nodes(new ChainsSettings(List.of(settings)),
                    RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(60))), Clock.systemUTC())) {
                LiveMarket live = new LiveMarket(chains.load());
                live.deriveOnUpdate(planner.routeGraphs());
                chains.follow(live);
                ChainFollower follower = chains.followers().get(ID);
                ConcurrentLinkedQueue<Long> headToSnapshot = new ConcurrentLinkedQueue<>();
                ConcurrentLinkedQueue<Long> logsToSnapshot = new ConcurrentLinkedQueue<>();
                ConcurrentLinkedQueue<Applied> applied = new ConcurrentLinkedQueue<>();
                follower.onHeadToSnapshot(nanos -> {
                    long published = System.nanoTime();
                    headToSnapshot.add(nanos);
                    logsToSnapshot.add(follower.lastApplyNanos()); // Junction's part, after the node's answer
                    applied.add(new Applied(follower.state().block(), published - nanos, published,
                            follower.lastApplyNanos(), follower.lastApply()));
                });
                GcPauses gc = GcPauses.listen();
                long guard = System.nanoTime() + 60_000_000_000L;
                while (!follower.transport().equals("ws") && System.nanoTime() < guard) {
                    Thread.sleep(20);
                }
                assertThat(follower.transport()).isEqualTo("ws");

                Random random = new Random(38);
                List<RouteRequest> mix = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    int a = 1 + random.nextInt(tokens.size() - 1);
                    int b = 1 + (a + random.nextInt(tokens.size() - 2)) % (tokens.size() - 1);
                    mix.add(RouteRequest.of(ID, tokens.get(a), ID, tokens.get(b), BigInteger.TEN.pow(18)));
                }
                AtomicReference<ConcurrentLinkedQueue<Long>> phase = new AtomicReference<>();
                Thread quoting = Thread.ofPlatform().name("quotes").start(() -> {
                    int i = 0;
                    while (!Thread.currentThread().isInterrupted()) {
                        ConcurrentLinkedQueue<Long> into = phase.get();
                        long q0 = System.nanoTime();
                        try {
                            planner.plan(live.current(), mix.get(i++ % mix.size()));
                        } catch (RuntimeException e) {
                            // a pair without a route: timed as well
                        }
                        if (into != null) {
                            into.add(System.nanoTime() - q0);
                        }
                    }
                });
                ConcurrentLinkedQueue<Long> frozen = new ConcurrentLinkedQueue<>();
                ConcurrentLinkedQueue<Long> moving = new ConcurrentLinkedQueue<>();
                String loadBefore = Files.readString(Path.of("/proc/loadavg")).strip();
                phase.set(frozen);
                Thread.sleep(seconds * 1000L);
                phase.set(null);
                headToSnapshot.clear();
                logsToSnapshot.clear();
                applied.clear();
                gc.pauses.clear();
                Map<Long, long[]> mined = new ConcurrentHashMap<>(); // block -> evm_mine sent, answered (nanoTime)
                long firstBlock = anvil.blockNumber();
                anvil.rpc().call("evm_setAutomine", false);
                phase.set(moving);
                long end = System.nanoTime() + seconds * 1_000_000_000L;
                long next = System.nanoTime();
                int blocks = 0;
                long late = 0;
                while (System.nanoTime() < end) {
                    anvil.rpc().batch(swaps(market, swaps, random, anvil)).forEach(x -> x.orThrow());
                    long mineSent = System.nanoTime();
                    anvil.rpc().call("evm_mine");
                    mined.put(firstBlock + blocks + 1, new long[] {mineSent, System.nanoTime()});
                    blocks++;
                    next += blockMillis * 1_000_000L;
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(Duration.ofNanos(wait));
                    } else {
                        late++;
                    }
                }
                phase.set(null);
                Thread.sleep(1_000); // the last heads apply
                quoting.interrupt();
                quoting.join();
                anvil.rpc().call("evm_setAutomine", true);
                String loadAfter = Files.readString(Path.of("/proc/loadavg")).strip();
                long[] h = sorted(headToSnapshot);
                long[] l = sorted(logsToSnapshot);
                long[] f = sorted(frozen);
                long[] m = sorted(moving);
                // block -> quote reflected: from the block's evm_mine answered (and sent) to the first snapshot
                // published at that block or later, which every quote from then on reads
                List<Applied> byTime = new ArrayList<>(applied);
                ConcurrentLinkedQueue<Long> reflected = new ConcurrentLinkedQueue<>();
                ConcurrentLinkedQueue<Long> reflectedFromSent = new ConcurrentLinkedQueue<>();
                for (Map.Entry<Long, long[]> e : mined.entrySet()) {
                    byTime.stream().filter(a -> a.block() >= e.getKey()).mapToLong(Applied::published).min()
                            .ifPresent(at -> {
                                reflected.add(Math.max(0, at - e.getValue()[1]));
                                reflectedFromSent.add(at - e.getValue()[0]);
                            });
                }
                long[] r = sorted(reflected);
                long[] rs = sorted(reflectedFromSent);
                String summary = String.format(Locale.ROOT, """
                        chain freshness bench: %d pools (%s), heads pushed over WebSocket (polling every 10 min)
                          %d blocks of %d swaps in %d s (target one per %d ms; %d blocks late), blocks %d..%d
                          head arrival -> snapshot published (%d heads applied): p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms
                            of which logs answered -> snapshot published: p50 %.1f ms, p99 %.1f ms (the rest: the node's answer)
                          block -> in every quote (%d blocks; from evm_mine answered, and sent): p50 %.1f / %.1f ms, p90 %.1f / %.1f ms, p99 %.1f / %.1f ms, max %.1f / %.1f ms
                          quotes, chain frozen (%d): p50 %.3f ms, p99 %.3f ms
                          quotes, blocks applying (%d): p50 %.3f ms, p99 %.3f ms
                          p99 blocks / frozen: %.2f (target <= 1.2); p50: %.2f
                          load average before %s, after %s (%d cores)
                        """, follower.state().pools().size(), sizes.describe(), blocks, swaps, seconds, blockMillis, late, firstBlock + 1,
                        anvil.blockNumber(), h.length, pct(h, 0.5), pct(h, 0.9), pct(h, 0.99), pct(h, 1.0), pct(l, 0.5), pct(l, 0.99), r.length,
                        pct(r, 0.5), pct(rs, 0.5), pct(r, 0.9), pct(rs, 0.9), pct(r, 0.99), pct(rs, 0.99), pct(r, 1.0),
                        pct(rs, 1.0), f.length,
                        pct(f, 0.5), pct(f, 0.99), m.length, pct(m, 0.5), pct(m, 0.99), pct(m, 0.99) / pct(f, 0.99),
                        pct(m, 0.5) / pct(f, 0.5), loadBefore, loadAfter, Runtime.getRuntime().availableProcessors());
                summary += split(new ArrayList<>(applied), gc.pauses) + cost(follower, live, planner) + "\n";
                System.out.println(summary);
                Files.writeString(Path.of("target", "chain-freshness.txt"), summary);
                assertThat(follower.state().block()).isEqualTo(anvil.blockNumber());
            }
        }
    }

    /**
     * One head applied: its block, when it arrived and its snapshot was published ({@link System#nanoTime()}),
     * the logs-to-snapshot part and where the follower's time went.
     */
    record Applied(long block, long arrived, long published, long logsToSnapshot, ChainFollower.ApplyTimes times) {

        long total() {
            return published - arrived;
        }

        long node() {
            return total() - logsToSnapshot;
        }
    }

    /** The collections' pauses this JVM made while listening, as [start, end] in {@link System#nanoTime()}. */
    static final class GcPauses {
        final ConcurrentLinkedQueue<long[]> pauses = new ConcurrentLinkedQueue<>();

        static GcPauses listen() {
            GcPauses out = new GcPauses();
            // JVM uptime (ms) -> nanoTime, to place each collection on the heads' clock
            long offset = System.nanoTime() - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
            for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) bean).addNotificationListener((n, h) -> {
                    if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                        return;
                    }
                    GcInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo();
                    out.pauses.add(new long[] {offset + info.getStartTime() * 1_000_000L,
                        offset + info.getEndTime() * 1_000_000L});
                }, null, null);
            }
            return out;
        }
    }

    /**
     * Where the head -> snapshot time went: the node's part (the head's arrival to the logs' answer) and the
     * follower's phases (mean, p50, p99 over all heads), then the same phases averaged over the slowest 2% of heads
     * (the p99's neighbourhood), with how many of those overlapped a collection.
     */
    static String split(List<Applied> applied, ConcurrentLinkedQueue<long[]> gcPauses) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "  per head (ms)                  mean     p50     p99   slowest 2%% (mean)%n"));
        List<Applied> slow = applied.stream().sorted((x, y) -> Long.compare(y.total(), x.total()))
                .limit(Math.max(1, applied.size() / 50)).toList();
        List<Applied> withTimes = applied.stream().filter(a -> a.times() != null).toList();
        List<Applied> slowWithTimes = slow.stream().filter(a -> a.times() != null).toList();
        row(b, "head -> snapshot", applied, slow, Applied::total);
        row(b, "  node (head -> logs answer)", applied, slow, Applied::node);
        row(b, "  parse logs+headers", withTimes, slowWithTimes, a -> a.times().parse());
        row(b, "  reducers (with re-read)", withTimes, slowWithTimes, a -> a.times().reduce());
        row(b, "    re-read round trip", withTimes, slowWithTimes, a -> a.times().reread());
        row(b, "  view (pools, prices)", withTimes, slowWithTimes, a -> a.times().view());
        row(b, "  publish (snapshot, graph)", withTimes, slowWithTimes, a -> a.times().publish());
        long rereads = withTimes.stream().filter(a -> a.times().rereadPools() > 0).count();
        long slowRereads = slowWithTimes.stream().filter(a -> a.times().rereadPools() > 0).count();
        List<long[]> pauses = List.copyOf(gcPauses);
        long slowInGc = slow.stream().filter(a -> pauses.stream().anyMatch(p -> p[0] < a.published() && p[1] > a.arrived()))
                .count();
        long allInGc = applied.stream().filter(a -> pauses.stream().anyMatch(p -> p[0] < a.published() && p[1] > a.arrived()))
                .count();
        double pauseMs = pauses.stream().mapToLong(p -> p[1] - p[0]).sum() / 1e6;
        long longest = pauses.stream().mapToLong(p -> p[1] - p[0]).max().orElse(0);
        b.append(String.format(Locale.ROOT, "  heads with a re-read: %d of %d (slowest 2%%: %d of %d); heads overlapping"
                + " a collection: %d (slowest 2%%: %d); collections: %d, %.0f ms in all, longest %.1f ms%n", rereads,
                withTimes.size(), slowRereads, slowWithTimes.size(), allInGc, slowInGc, pauses.size(), pauseMs,
                longest / 1e6));
        return b.toString();
    }

    /**
     * The CPU time and allocation of the publish's pieces on this (platform) thread, repeated on the final state:
     * the chain's market part (mostly reused, as after a block that touched few pools), the new snapshot with it,
     * the planner's route graph derived from that snapshot (built in full for every block), and the chain's market
     * part built with nothing reused (every pool rebuilt and the prices computed: a block that re-prices every token
     * rebuilds every pool holding one).
     */
    static String cost(ChainFollower follower, LiveMarket live, RoutePlanner planner) {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        int n = Integer.getInteger("chainfresh.cost-runs", 40);
        long[][] cpuAlloc = new long[4][2];
        List<TokenInfo> infos = live.current().tokens().stream()
                .filter(t -> t.chain().equals(ID) && !t.address().equals(Address.NATIVE))
                .map(t -> new TokenInfo(t.address(), t.decimals(), t.symbol(), t.name())).toList();
        for (int i = 0; i < n + 10; i++) {
            boolean counted = i >= 10; // the first 10: warm-up
            long c0 = threads.getCurrentThreadCpuTime();
            long a0 = threads.getCurrentThreadAllocatedBytes();
            ChainView.Part part = follower.view(live.current().chain(ID).orElseThrow().gasPriceWei());
            long c1 = threads.getCurrentThreadCpuTime();
            long a1 = threads.getCurrentThreadAllocatedBytes();
            MarketSnapshot next = live.current().withChain(part.chain(), part.tokens(), part.pools(), part.head());
            long c2 = threads.getCurrentThreadCpuTime();
            long a2 = threads.getCurrentThreadAllocatedBytes();
            planner.routeGraphs().compute(next);
            long c3 = threads.getCurrentThreadCpuTime();
            long a3 = threads.getCurrentThreadAllocatedBytes();
            ChainView.of(follower.settings(), infos, follower.state(), part.chain().gasPriceWei());
            long c4 = threads.getCurrentThreadCpuTime();
            long a4 = threads.getCurrentThreadAllocatedBytes();
            if (counted) {
                long[] c = {c1 - c0, c2 - c1, c3 - c2, c4 - c3};
                long[] a = {a1 - a0, a2 - a1, a3 - a2, a4 - a3};
                for (int k = 0; k < 4; k++) {
                    cpuAlloc[k][0] += c[k];
                    cpuAlloc[k][1] += a[k];
                }
            }
        }
        String[] names = {"chain part (view, reused)", "snapshot withChain", "route graph (derived)",
            "chain part (view, all rebuilt)"};
        StringBuilder b = new StringBuilder("  publish's pieces, one platform thread, mean of " + n
                + " on the final state: CPU ms / MB allocated\n");
        for (int k = 0; k < 4; k++) {
            b.append(String.format(Locale.ROOT, "    %-28s %7.2f ms %7.2f MB%n", names[k], cpuAlloc[k][0] / 1e6 / n,
                    cpuAlloc[k][1] / 1e6 / n));
        }
        return b.toString();
    }

    private static void row(StringBuilder b, String name, List<Applied> all, List<Applied> slow,
            ToLongFunction<Applied> f) {
        long[] s = all.stream().mapToLong(f).sorted().toArray();
        b.append(String.format(Locale.ROOT, "    %-28s %7.2f %7.2f %7.2f %7.2f%n", name,
                Arrays.stream(s).average().orElse(0) / 1e6, pct(s, 0.5), pct(s, 0.99),
                slow.stream().mapToLong(f).average().orElse(0) / 1e6));
    }

    /**
     * {@code n} random swaps from the dev account, as eth_sendTransaction calls: V2 or V3 with even odds in a V2/V3
     * market (as before issue 36); with V4 or Balancer pools, a pool drawn uniformly from all of them (V4 through
     * v4-core's PoolSwapTest, native ETH in paid as value; Balancer through {@code Vault.swap}).
     */
    static List<RpcCall> swaps(JsonNode market, int n, Random random, AnvilProcess anvil) {
        JsonNode pairs = market.path("pairs");
        JsonNode pools = market.path("pools");
        JsonNode v4pools = market.path("v4pools");
        JsonNode balancerPools = market.path("balancerPools");
        int total = pairs.size() + pools.size() + v4pools.size() + balancerPools.size();
        boolean mixed = !v4pools.isEmpty() || !balancerPools.isEmpty();
        Address router02 = ChainBench.address(market.path("v2").path("router02"));
        Address swapRouter = ChainBench.address(market.path("v3").path("swapRouter"));
        long nonce = Long.decode(anvil.rpc().call("eth_getTransactionCount", DEV0.lower(), "pending").asString());
        List<RpcCall> txs = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            boolean flip = random.nextBoolean();
            BigInteger amount = BigInteger.TEN.pow(16).multiply(BigInteger.valueOf(1 + random.nextInt(500)));
            String to;
            String data;
            BigInteger value = BigInteger.ZERO;
            int pick = mixed ? random.nextInt(total) : -1;
            if (mixed && pick >= pairs.size() + pools.size()) {
                int i = pick - pairs.size() - pools.size();
                if (i < v4pools.size()) {
                    JsonNode p = v4pools.get(i);
                    to = market.path("v4").path("swapTest").asString();
                    data = v4Swap(p, !flip, amount);
                    if (!flip && p.path("native").asBoolean()) {
                        value = amount;
                    }
                } else {
                    JsonNode p = balancerPools.get(i - v4pools.size());
                    JsonNode held = p.path("tokens");
                    int a = random.nextInt(held.size());
                    int b = (a + 1 + random.nextInt(held.size() - 1)) % held.size();
                    to = market.path("balancer").path("vault").asString();
                    data = balancerSwap(p, ChainBench.address(held.get(a)), ChainBench.address(held.get(b)), amount);
                }
            } else if (mixed ? pick < pairs.size() : random.nextBoolean() && !pairs.isEmpty()) {
                JsonNode p = pairs.get(random.nextInt(pairs.size()));
                to = router02.lower();
                data = UniswapCalls.swapExactTokensForTokens(amount, DEV0, ChainBench.address(p.path(flip ? "b" : "a")),
                        ChainBench.address(p.path(flip ? "a" : "b")));
            } else {
                JsonNode p = pools.get(mixed ? pick - pairs.size() : random.nextInt(pools.size()));
                to = swapRouter.lower();
                data = UniswapCalls.exactInputSingle(ChainBench.address(p.path(flip ? "b" : "a")),
                        ChainBench.address(p.path(flip ? "a" : "b")), p.path("fee").asInt(), DEV0, amount);
            }
            Map<String, String> tx = new LinkedHashMap<>(Map.of("from", DEV0.lower(), "to", to, "data", data,
                    "gas", "0x1e8480", "nonce", "0x" + Long.toHexString(nonce++)));
            if (value.signum() > 0) {
                tx.put("value", "0x" + value.toString(16));
            }
            txs.add(RpcCall.of("eth_sendTransaction", tx));
        }
        return txs;
    }

    /** PoolSwapTest.swap(key, (zeroForOne, -amount: exact input, price limit), (no claims, no burn), no hook data). */
    static String v4Swap(JsonNode pool, boolean zeroForOne, BigInteger amount) {
        return Abi.callHex("swap((address,address,uint24,int24,address),(bool,int256,uint160),(bool,bool),bytes)",
                tuple(address(ChainBench.address(pool.path("currency0"))),
                        address(ChainBench.address(pool.path("currency1"))), uint256(pool.path("fee").asInt()),
                        int256(pool.path("tickSpacing").asInt()), address(Address.ZERO)),
                tuple(bool(zeroForOne), int256(amount.negate()), uint256(zeroForOne
                        ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE) : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE))),
                tuple(bool(false), bool(false)), bytes(new byte[0]));
    }

    /** Vault.swap(GIVEN_IN single swap of {@code amount}, the dev account's funds, no limit, a far deadline). */
    static String balancerSwap(JsonNode pool, Address in, Address out, BigInteger amount) {
        return Abi.callHex("swap((bytes32,uint8,address,address,uint256,bytes),(address,bool,address,bool),uint256,"
                + "uint256)", tuple(bytes32(Bytes32.of(pool.path("poolId").asString())), uint256(0), address(in),
                        address(out), uint256(amount), bytes(new byte[0])),
                tuple(address(DEV0), bool(false), address(DEV0), bool(false)), uint256(0),
                uint256(UniswapCalls.DEADLINE));
    }

    static long[] sorted(ConcurrentLinkedQueue<Long> nanos) {
        long[] a = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(a);
        return a;
    }

    static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(p * sorted.length) - 1))] / 1e6;
    }
}
