package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.market.Market;
import dev.junction.nodes.BlockHeader;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.NewHeads;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcResult;
import dev.junction.protocol.PoolState;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one chain's part of the market at the node's head. Each {@link #poll()}: one request for the latest header
 * and the gas price; when blocks are new, one request for {@code eth_getLogs} over the new range (topics only, no
 * address list: new pools are seen too), the headers of the range and the configured price feeds at its last block,
 * applied block by block with {@link LogReducer}; a parent-hash mismatch or a head that went back rolls back to the common ancestor among the recent blocks kept
 * ({@value #HISTORY}) and re-applies. The new state replaces the chain's part of the market snapshot.
 */
final class ChainFollower {

    /** Recent block states kept to roll a reorg back. */
    static final int HISTORY = 64;
    /** Largest range read in one {@code eth_getLogs}; further behind, the chain is reloaded. */
    static final int MAX_RANGE = 2_000;

    /** Between two polls of a {@link #catchUp} that found the node not yet at the block (load-balanced nodes). */
    private static final Duration CATCH_UP_RETRY = Duration.ofMillis(20);

    private static final Logger log = LoggerFactory.getLogger(ChainFollower.class);
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private final ChainSettings settings;
    private final JsonRpcClient client;
    private final ChainLoader loader;
    private final Market market;
    private final Clock clock;
    private final LogReducer.Context context;
    private final ArrayDeque<ChainState> history = new ArrayDeque<>();
    /** Builds the chain's market part, reusing the pools of the previous block that did not change. */
    private ChainView view;

    /**
     * The state of the chain's part of the market published last: read without waiting for a poll under way (a poll
     * builds the next state off to the side and publishes it with one swap of the market's snapshot).
     */
    private volatile ChainState published;
    private volatile long syncedAtMillis;
    private final AtomicReference<Pushed> pushed = new AtomicReference<>();
    private volatile NewHeads.State socket;
    private volatile long lastHeadAtMillis;
    private volatile long lastHeadToSnapshotNanos = -1;
    private volatile LongConsumer headToSnapshotListener;
    private volatile long nodeHead;
    private volatile String lastError;
    private volatile long reorgs;
    private volatile long lastApplyNanos = -1;
    private volatile ApplyTimes lastApply;

    ChainFollower(ChainSettings settings, JsonRpcClient client, ChainLoader loader, ChainLoader.Loaded loaded,
            Market market, Clock clock) {
        this.settings = settings;
        this.client = client;
        this.loader = loader;
        this.market = market;
        this.clock = clock;
        this.view = new ChainView(settings, loaded.tokens());
        this.context = LogReducer.Context.of(settings.dexes().values(), settings.tokens());
        this.history.addLast(loaded.state());
        this.published = loaded.state();
        this.nodeHead = loaded.state().block();
        this.lastHeadAtMillis = clock.millis();
        this.syncedAtMillis = clock.millis();
    }

    private ChainFollower(ChainFollower loaded, Market market) {
        this.settings = loaded.settings;
        this.client = loaded.client;
        this.loader = loaded.loader;
        this.market = market;
        this.clock = loaded.clock;
        this.view = loaded.view;
        this.context = loaded.context;
        this.history.addAll(loaded.history);
        this.published = loaded.published;
        this.lastHeadAtMillis = loaded.lastHeadAtMillis;
        this.nodeHead = loaded.nodeHead;
        this.syncedAtMillis = loaded.syncedAtMillis;
    }

    /** The same chain, publishing into {@code market}. */
    ChainFollower withMarket(Market target) {
        return new ChainFollower(this, target);
    }

    ChainSettings settings() {
        return settings;
    }

    /** The state the market reflects now (never waits for a poll under way). */
    ChainState state() {
        return published;
    }

    long syncedAtMillis() {
        return syncedAtMillis;
    }

    long nodeHead() {
        return nodeHead;
    }

    String lastError() {
        return lastError;
    }

    long reorgs() {
        return reorgs;
    }

    /**
     * Nanoseconds from the last applied range's logs arriving (the {@code eth_getLogs} answer parsed) to its new
     * snapshot published, including any re-read of pools near their tick window's edge; -1 before the first. For the
     * benchmark (bench/chain-bench.sh).
     */
    long lastApplyNanos() {
        return lastApplyNanos;
    }

    /**
     * Where the last applied range's time went (for the benchmarks): nanoseconds spent parsing the logs and headers,
     * applying the reducers (with any re-read), building the chain's market part, publishing it into the market, and
     * the polling thread's CPU time from the logs arriving to the snapshot published (-1 where the JVM does not measure
     * it: on a virtual thread, as the followers of a running service poll; the benchmark polls on a platform thread);
     * of the reducers' time, {@code reread} nanoseconds went to the second round trip that re-reads
     * {@code rereadPools} pools (near their tick window's edge, or whose window quotes reached; 0 and 0 when none).
     */
    record ApplyTimes(long parse, long reduce, long view, long publish, long cpu, long reread, int rereadPools) {
    }

    /** The last applied range's times; null before the first. */
    ApplyTimes lastApply() {
        return lastApply;
    }

    /** The node's client (its {@link JsonRpcClient#httpRequests()} count, for measurements). */
    JsonRpcClient client() {
        return client;
    }

    /** Whether the state was confirmed at the node's head within max-staleness. */
    boolean fresh() {
        return clock.millis() - syncedAtMillis <= settings.maxStaleness().toMillis();
    }

    /**
     * One step; failures are recorded (the chain turns stale once max-staleness passes) and retried next time.
     *
     * @return whether a new block was applied
     */
    boolean pollQuietly() {
        try {
            ChainState before = state();
            poll();
            lastError = null;
            return state() != before;
        } catch (RuntimeException e) {
            recordFailure(e);
            return false;
        }
    }

    private void recordFailure(RuntimeException e) {
        if (lastError == null || !lastError.equals(e.getMessage())) {
            log.warn("chain {}: following the node failed: {}", settings.id(), e.getMessage());
        }
        lastError = e.getMessage();
    }

    /** The node's head now: one {@code eth_blockNumber}. */
    long headNow() {
        long head = Quantities.longValue(client.call("eth_blockNumber").asString());
        nodeHead = Math.max(nodeHead, head);
        return head;
    }

    /**
     * Brings the state to at least {@code block}: polls the node now, and again every few milliseconds until
     * {@code within} has passed (a concurrent poll of the follower's own thread is waited for, not repeated).
     *
     * @return whether the published state reached {@code block}
     */
    boolean catchUp(long block, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            if (state().block() >= block) {
                return true;
            }
            pollQuietly();
            if (state().block() >= block) {
                return true;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                Thread.sleep(Duration.ofNanos(Math.min(left, CATCH_UP_RETRY.toNanos())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** Brings the chain's state to the node's head and publishes it. */
    synchronized void poll() {
        List<RpcResult> first = client.batch(List.of(RpcCall.of("eth_getBlockByNumber", "latest", false),
                RpcCall.of("eth_gasPrice")));
        long arrived = System.nanoTime();
        BlockHeader head = EthRpc.header(first.get(0).orThrow(), "latest block");
        BigInteger gasPrice = Quantities.big(first.get(1).orThrow().asString());
        advance(head, gasPrice, arrived);
    }

    /**
     * A head the node pushed ({@code newHeads}) arrived at {@code arrivedNanos} ({@link System#nanoTime()}): the
     * follower's next step applies it (see {@link #takePushed()}).
     */
    void offer(BlockHeader head, long arrivedNanos) {
        pushed.set(new Pushed(head, arrivedNanos));
        nodeHead = head.number();
        lastHeadAtMillis = clock.millis();
    }

    /** A pushed head and when it arrived. */
    record Pushed(BlockHeader head, long arrivedNanos) {
    }

    /** The newest pushed head not applied yet (taking it), or null. */
    Pushed takePushed() {
        return pushed.getAndSet(null);
    }

    /**
     * Applies a pushed head: one request for its logs (and those of any block between), the headers between, the
     * price feeds and the gas price; failures are recorded as {@link #pollQuietly()}'s.
     *
     * @return whether a new block was applied
     */
    boolean applyQuietly(Pushed head) {
        try {
            ChainState before = state();
            synchronized (this) {
                advance(head.head(), null, head.arrivedNanos());
            }
            lastError = null;
            return state() != before;
        } catch (RuntimeException e) {
            recordFailure(e);
            return false;
        }
    }

    /** The socket's state: whether heads are pushed now (null: the chain has no ws-url). */
    void socket(NewHeads.State state) {
        socket = state;
    }

    /** {@code ws} while the node pushes new heads, else {@code polling}. */
    String transport() {
        NewHeads.State s = socket;
        return s != null && s.subscribed() ? "ws" : "polling";
    }

    /** The socket's state; null when the chain has no ws-url. */
    NewHeads.State socket() {
        return socket;
    }

    /** Brings the state to {@code head} (the node's newest), whose gas price is {@code knownGasPrice} (null: ask). */
    private void advance(BlockHeader head, BigInteger knownGasPrice, long arrived) {
        nodeHead = head.number();
        ChainState current = history.getLast();
        if (head.number() == current.block() && head.hash().equals(current.hash())) {
            syncedAtMillis = clock.millis();
            return;
        }
        if (knownGasPrice != null) {
            lastHeadAtMillis = clock.millis(); // a new head, found by polling
        }
        if (head.number() <= current.block()) {
            rollBack();
            current = history.getLast();
            if (head.number() == current.block() && head.hash().equals(current.hash())) {
                publish(gasPrice(knownGasPrice));
                syncedAtMillis = clock.millis();
                return;
            }
        }
        if (head.number() - current.block() > MAX_RANGE) {
            reload(gasPrice(knownGasPrice));
            return;
        }
        long from = current.block() + 1;
        long to = head.number();
        List<RpcCall> second = new ArrayList<>();
        second.add(RpcCall.of("eth_getLogs", EthRpc.logFilter(from, to, LogReducer.TOPICS)));
        for (long n = from; n < to; n++) {
            second.add(RpcCall.of("eth_getBlockByNumber", Quantities.of(n), false));
        }
        int feedsAt = second.size();
        // The price feeds at the range's last block, in the same HTTP request (and the gas price of a pushed head).
        second.addAll(loader.feedRequests(to));
        int feedsEnd = second.size();
        if (knownGasPrice == null) {
            second.add(RpcCall.of("eth_gasPrice"));
        }
        List<RpcResult> answers = client.batch(second);
        BigInteger gasPrice = knownGasPrice != null ? knownGasPrice
                : Quantities.big(answers.get(feedsEnd).orThrow().asString());
        long logsArrived = System.nanoTime();
        long cpu0 = CPU.getCurrentThreadCpuTime();
        List<LogEntry> logs = EthRpc.parseLogs(answers.get(0).orThrow());
        List<BlockHeader> headers = new ArrayList<>();
        for (int i = 1; i < feedsAt; i++) {
            headers.add(EthRpc.header(answers.get(i).orThrow(), "block " + (from + i - 1)));
        }
        Map<Address, ChainState.FeedAnswer> feeds = loader.feeds(answers.subList(feedsAt, feedsEnd));
        headers.add(head);
        Bytes32 parent = current.hash();
        for (BlockHeader h : headers) {
            if (!h.parentHash().equals(parent)) {
                // A reorg under us (or between our two requests): go back and try again next poll.
                rollBack();
                publish(gasPrice);
                return;
            }
            parent = h.hash();
        }
        long parsed = System.nanoTime();
        Map<Long, List<LogEntry>> byBlock = new HashMap<>();
        for (LogEntry l : logs) {
            byBlock.computeIfAbsent(l.blockNumber(), k -> new ArrayList<>()).add(l);
        }
        ChainState state = current;
        Set<Address> reload = new LinkedHashSet<>();
        long rereadNanos = 0;
        int rereadPools = 0;
        for (BlockHeader h : headers) {
            List<LogEntry> blockLogs = byBlock.getOrDefault(h.number(), List.of());
            for (LogEntry l : blockLogs) {
                if (!l.blockHash().equals(h.hash())) {
                    // The logs answer another fork than the headers: apply nothing, try again next poll.
                    return;
                }
            }
            LogReducer.Result r = LogReducer.apply(state.pools(), blockLogs, context);
            Map<Address, PoolState> pools = r.pools();
            reload.addAll(r.reload());
            if (h.number() == to) {
                // e.g. a Curve or Balancer pool's A moves with time while it ramps, a V4 dynamic-fee pool's fee
                // changes without a log: read it at this block
                reload.addAll(rereadEachBlock(pools, h.timestamp()));
            }
            List<PoolState> wider = h.number() == to ? wider(pools, reload) : List.of();
            if ((!reload.isEmpty() || !wider.isEmpty()) && h.number() == to) {
                // Pools whose price came near the edge of their loaded ticks (in any block of the range): re-read;
                // pools whose window a quote reached since the last round: their next words, in the same rounds.
                Map<Address, PoolState> reread = new HashMap<>();
                List<PoolState> stale = reload.stream().map(pools::get).toList();
                long read0 = System.nanoTime();
                for (PoolState p : loader.read(stale, wider, to)) {
                    reread.put(p.address(), p);
                }
                rereadNanos = System.nanoTime() - read0;
                rereadPools = stale.size() + wider.size();
                pools = PoolMap.copyOf(pools).with(reread);
            }
            state = new ChainState(h.number(), h.hash(), h.parentHash(), h.timestamp(), h.baseFeePerGas(), pools,
                    h.number() == to ? feeds : state.feeds());
            remember(state);
        }
        long reduced = System.nanoTime();
        ChainView.Part part = view(gasPrice);
        long viewed = System.nanoTime();
        publish(part);
        long published = System.nanoTime();
        lastApplyNanos = published - logsArrived;
        long cpu1 = CPU.getCurrentThreadCpuTime();
        lastApply = new ApplyTimes(parsed - logsArrived, reduced - parsed, viewed - reduced, published - viewed,
                cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0, rereadNanos, rereadPools);
        headToSnapshot(published - arrived);
        syncedAtMillis = clock.millis();
    }

    /**
     * The pools to re-read at a range's last block of {@code timestamp} whatever they logged: every pool held, whether
     * configured, found at the cold load or created by a log since (a Balancer pool from its factory's
     * {@code PoolCreated} ramps as a configured one does).
     */
    static List<Address> rereadEachBlock(Map<Address, PoolState> pools, long timestamp) {
        List<Address> out = new ArrayList<>();
        for (PoolState p : pools.values()) {
            if (p.rereadEachBlock(timestamp)) {
                out.add(p.address());
            }
        }
        return out;
    }

    /** The pools (not re-read anyway) whose loaded window quotes reached: read more of them at this round. */
    private static List<PoolState> wider(Map<Address, PoolState> pools, Set<Address> reload) {
        List<PoolState> out = new ArrayList<>();
        for (PoolState p : pools.values()) {
            if (p.wantsWider() && !reload.contains(p.address())) {
                out.add(p);
            }
        }
        return out;
    }

    private BigInteger gasPrice(BigInteger known) {
        return known != null ? known : Quantities.big(client.call("eth_gasPrice").asString());
    }

    /** Records the time from a head's arrival to its snapshot published. */
    private void headToSnapshot(long nanos) {
        lastHeadToSnapshotNanos = nanos;
        LongConsumer listener = headToSnapshotListener;
        if (listener != null) {
            listener.accept(nanos);
        }
    }

    /** Hears each head-to-snapshot time, in nanoseconds (the metrics). */
    void onHeadToSnapshot(LongConsumer listener) {
        headToSnapshotListener = listener;
    }

    /** Nanoseconds from the last applied head's arrival to its snapshot published; -1 before the first. */
    long lastHeadToSnapshotNanos() {
        return lastHeadToSnapshotNanos;
    }

    /** When the last head arrived (pushed, or answered by a poll), epoch milliseconds. */
    long lastHeadAtMillis() {
        return lastHeadAtMillis;
    }

    private void remember(ChainState state) {
        history.addLast(state);
        while (history.size() > HISTORY) {
            history.removeFirst();
        }
    }

    /** Drops the kept states the node no longer has, down to the common ancestor; reloads when none is left. */
    private void rollBack() {
        reorgs++;
        List<RpcCall> calls = new ArrayList<>();
        List<ChainState> kept = new ArrayList<>(history);
        for (ChainState s : kept) {
            calls.add(RpcCall.of("eth_getBlockByNumber", Quantities.of(s.block()), false));
        }
        List<RpcResult> answers = client.batch(calls);
        int common = -1;
        for (int i = kept.size() - 1; i >= 0; i--) {
            RpcResult r = answers.get(i);
            if (r.ok() && !r.result().isNull()
                    && EthRpc.header(r.result(), "block").hash().equals(kept.get(i).hash())) {
                common = i;
                break;
            }
        }
        if (common < 0) {
            log.warn("chain {}: reorg deeper than the {} blocks kept: reloading", settings.id(), HISTORY);
            ChainLoader.Loaded loaded = loader.load();
            view = new ChainView(settings, loaded.tokens());
            history.clear();
            history.addLast(loaded.state());
            return;
        }
        log.info("chain {}: reorg: rolled back from block {} to common ancestor {}", settings.id(),
                history.getLast().block(), kept.get(common).block());
        while (history.size() > common + 1) {
            history.removeLast();
        }
    }

    private void reload(BigInteger gasPrice) {
        ChainLoader.Loaded loaded = loader.load();
        view = new ChainView(settings, loaded.tokens());
        history.clear();
        history.addLast(loaded.state());
        publish(gasPrice);
        syncedAtMillis = clock.millis();
    }

    private void publish(BigInteger gasPrice) {
        publish(view(gasPrice));
    }

    /** The chain's market part at the current state. */
    synchronized ChainView.Part view(BigInteger gasPrice) {
        return view.part(history.getLast(), gasPrice);
    }

    private void publish(ChainView.Part part) {
        ChainState state = history.getLast();
        market.update(s -> s.withChain(part.chain(), part.tokens(), part.pools(), part.head()));
        published = state;
    }
}
