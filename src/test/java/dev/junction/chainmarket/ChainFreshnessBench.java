package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.LiveMarket;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcSettings;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.protocol.uniswapv3.UniswapV3;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.math.BigInteger;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 38's freshness benchmark, not part of {@code ./mvnw verify} ({@code bench/chain-bench.sh} runs it after
 * {@link ChainBench}): the synthetic anvil market of {@link ChainBench} (1,000 V2 + 1,000 V3 pools), followed by a
 * {@link ChainMarket} whose heads are pushed over anvil's WebSocket (HTTP polling every 10 minutes: never), with the
 * planner's route graph published with each snapshot. Two phases of {@code chainfresh.seconds} each, one quoting thread
 * planning a cycle of 8 token pairs on the live market without pause: the chain frozen, then a block of
 * {@code chainbench.swaps} swaps every {@code chainfresh.block-ms} (250 ms). Prints the time from each head's arrival
 * to its snapshot published (p50/p90/p99/max) and the quotes' p50/p99 in both phases, and their ratio.
 */
class ChainFreshnessBench {

    static final long CHAIN = 31_337;
    static final ChainId ID = ChainId.of(CHAIN);
    static final Address DEV0 = ChainBench.DEV0;

    @Test
    void headToSnapshotAndQuotesWhileBlocksApply() throws Exception {
        int v2 = Integer.getInteger("chainbench.v2", 1000);
        int v3 = Integer.getInteger("chainbench.v3", 1000);
        int swaps = Integer.getInteger("chainbench.swaps", 100);
        int seconds = Integer.getInteger("chainfresh.seconds", 30);
        long blockMillis = Long.getLong("chainfresh.block-ms", 250);
        AnvilHarness.install();
        try (AnvilProcess anvil = AnvilProcess.start(CHAIN, ChainBench.anvilArgs())) {
            JsonNode market = ChainBench.market(anvil, v2, v3);
            List<Address> tokens = new ArrayList<>();
            market.path("tokens").forEach(t -> tokens.add(Address.evm(t.asString())));
            Dex dv2 = new Dex("uniswap-v2", "uniswap-v2", ChainBench.address(market.path("v2").path("factory")),
                    List.of(), List.of(), UniswapV2.INIT_CODE_HASH);
            Dex dv3 = new Dex("uniswap-v3", "uniswap-v3", ChainBench.address(market.path("v3").path("factory")),
                    List.of(100, 500, 3000, 10000), List.of(), UniswapV3.INIT_CODE_HASH);
            ChainSettings settings = new ChainSettings(ID, "Bench", "bench", "ETH", List.of(anvil.rpcUrl()), tokens,
                    null, List.of(tokens.getFirst()), Map.of(dv2.key(), dv2, dv3.key(), dv3), Map.of(), null,
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
                follower.onHeadToSnapshot(nanos -> {
                    headToSnapshot.add(nanos);
                    logsToSnapshot.add(follower.lastApplyNanos()); // Junction's part, after the node's answer
                });
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
                long firstBlock = anvil.blockNumber();
                anvil.rpc().call("evm_setAutomine", false);
                phase.set(moving);
                long end = System.nanoTime() + seconds * 1_000_000_000L;
                long next = System.nanoTime();
                int blocks = 0;
                long late = 0;
                while (System.nanoTime() < end) {
                    anvil.rpc().batch(swaps(market, swaps, random, anvil)).forEach(x -> x.orThrow());
                    anvil.rpc().call("evm_mine");
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
                String summary = String.format(Locale.ROOT, """
                        chain freshness bench: %d pools, heads pushed over WebSocket (polling every 10 min)
                          %d blocks of %d swaps in %d s (target one per %d ms; %d blocks late), blocks %d..%d
                          head arrival -> snapshot published (%d heads applied): p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms
                            of which logs answered -> snapshot published: p50 %.1f ms, p99 %.1f ms (the rest: the node's answer)
                          quotes, chain frozen (%d): p50 %.3f ms, p99 %.3f ms
                          quotes, blocks applying (%d): p50 %.3f ms, p99 %.3f ms
                          p99 blocks / frozen: %.2f (target <= 1.2); p50: %.2f
                          load average before %s, after %s (%d cores)
                        """, follower.state().pools().size(), blocks, swaps, seconds, blockMillis, late, firstBlock + 1,
                        anvil.blockNumber(), h.length, pct(h, 0.5), pct(h, 0.9), pct(h, 0.99), pct(h, 1.0), pct(l, 0.5), pct(l, 0.99), f.length,
                        pct(f, 0.5), pct(f, 0.99), m.length, pct(m, 0.5), pct(m, 0.99), pct(m, 0.99) / pct(f, 0.99),
                        pct(m, 0.5) / pct(f, 0.5), loadBefore, loadAfter, Runtime.getRuntime().availableProcessors());
                System.out.println(summary);
                Files.writeString(Path.of("target", "chain-freshness.txt"), summary);
                assertThat(follower.state().block()).isEqualTo(anvil.blockNumber());
            }
        }
    }

    /** {@code n} random V2 and V3 swaps from the dev account, as eth_sendTransaction calls. */
    static List<RpcCall> swaps(JsonNode market, int n, Random random, AnvilProcess anvil) {
        JsonNode pairs = market.path("pairs");
        JsonNode pools = market.path("pools");
        Address router02 = ChainBench.address(market.path("v2").path("router02"));
        Address swapRouter = ChainBench.address(market.path("v3").path("swapRouter"));
        long nonce = Long.decode(anvil.rpc().call("eth_getTransactionCount", DEV0.lower(), "pending").asString());
        List<RpcCall> txs = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            boolean flip = random.nextBoolean();
            BigInteger amount = BigInteger.TEN.pow(16).multiply(BigInteger.valueOf(1 + random.nextInt(500)));
            String to;
            String data;
            JsonNode v4 = market.path("v4pools");
            JsonNode balancer = market.path("balancerPools");
            int kind = v4.isEmpty() && balancer.isEmpty() ? -1 : random.nextInt(4);
            if (kind == 2 && !v4.isEmpty()) {
                // a V4 pool through v4-core's PoolSwapTest, exact input
                JsonNode p = v4.get(random.nextInt(v4.size()));
                Address a = ChainBench.address(p.path("a"));
                Address b = ChainBench.address(p.path("b"));
                Address in = flip ? b : a;
                Address out = flip ? a : b;
                boolean zeroForOne = in.lower().compareTo(out.lower()) < 0;
                to = market.path("v4").path("swapRouter").asString().toLowerCase(Locale.ROOT);
                data = Abi.callHex("swap((address,address,uint24,int24,address),(bool,int256,uint160),(bool,bool),"
                        + "bytes)", Abi.tuple(Abi.address(zeroForOne ? in : out), Abi.address(zeroForOne ? out : in),
                        Abi.uint256(p.path("fee").asInt()), Abi.int256(p.path("spacing").asInt()),
                        Abi.address(Address.ZERO)), Abi.tuple(Abi.bool(zeroForOne), Abi.int256(amount.negate()),
                        Abi.uint256(zeroForOne ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE)
                                : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE))),
                        Abi.tuple(Abi.bool(false), Abi.bool(false)), Abi.bytes(new byte[0]));
            } else if (kind == 3 && !balancer.isEmpty()) {
                // a Balancer pool through the Vault's single swap
                JsonNode p = balancer.get(random.nextInt(balancer.size()));
                to = market.path("balancer").path("vault").asString().toLowerCase(Locale.ROOT);
                data = Abi.callHex("swap(" + BalancerV2ChainModeAnvilTest.SINGLE_SWAP + ","
                        + BalancerV2ChainModeAnvilTest.FUNDS + ",uint256,uint256)",
                        BalancerV2ChainModeAnvilTest.singleSwap(Bytes32.of(p.path("poolId").asString()),
                                ChainBench.address(p.path(flip ? "b" : "a")), ChainBench.address(p.path(flip ? "a"
                                        : "b")), amount), BalancerV2ChainModeAnvilTest.funds(DEV0), Abi.uint256(0),
                        Abi.uint256(BigInteger.ONE.shiftLeft(255)));
            } else if ((kind < 0 ? random.nextBoolean() : kind == 0) && !pairs.isEmpty()) {
                JsonNode p = pairs.get(random.nextInt(pairs.size()));
                to = router02.lower();
                data = UniswapCalls.swapExactTokensForTokens(amount, DEV0, ChainBench.address(p.path(flip ? "b" : "a")),
                        ChainBench.address(p.path(flip ? "a" : "b")));
            } else {
                JsonNode p = pools.get(random.nextInt(pools.size()));
                to = swapRouter.lower();
                data = UniswapCalls.exactInputSingle(ChainBench.address(p.path(flip ? "b" : "a")),
                        ChainBench.address(p.path(flip ? "a" : "b")), p.path("fee").asInt(), DEV0, amount);
            }
            txs.add(RpcCall.of("eth_sendTransaction", Map.of("from", DEV0.lower(), "to", to, "data", data,
                    "gas", "0x1e8480", "nonce", "0x" + Long.toHexString(nonce++))));
        }
        return txs;
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
