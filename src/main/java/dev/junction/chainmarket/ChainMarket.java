package dev.junction.chainmarket;

import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ChainFreshness;
import dev.junction.market.ChainHead;
import dev.junction.market.Market;
import dev.junction.market.MarketDataException;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.MarketSource;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.StaleChainException;
import dev.junction.market.Token;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Bridge;
import dev.junction.nodes.ChainSettings.Lane;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.NewHeads;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcException;
import dev.junction.protocol.RouterGas;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chain-mode market: loads every configured chain at start ({@link #load()}, chains in parallel), then
 * {@link #follow(Market)} runs one follower per chain on a virtual thread, applying the new heads its node pushes
 * ({@code ws-url}) or polling its node every {@code poll-interval}. Answers whether a chain is fresh ({@link ChainFreshness}).
 */
public final class ChainMarket implements MarketSource, ChainFreshness, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainMarket.class);

    private final List<ChainSettings> settings;
    private final Nodes nodes;
    private final Clock clock;
    private final Map<ChainId, ChainFollower> followers = new LinkedHashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<NewHeads> subscriptions = new ArrayList<>();
    private volatile boolean running;

    /** The market of the chains {@code nodes} is configured with, read through their nodes. */
    public ChainMarket(Nodes nodes, Clock clock) {
        List<ChainSettings> settings = nodes.chains().all();
        if (settings.isEmpty()) {
            throw new MarketDataException("junction.market.source=chain needs at least one chain under "
                    + "junction.chains.<chainId>");
        }
        Set<ChainId> ids = settings.stream().map(ChainSettings::id).collect(Collectors.toSet());
        for (ChainSettings s : settings) {
            for (Bridge b : s.bridges().values()) {
                for (int i = 0; i < b.lanes().size(); i++) {
                    if (!ids.contains(b.lanes().get(i).toChain())) {
                        throw new MarketDataException("junction.chains." + s.id() + ".bridges." + b.key() + ".lanes["
                                + i + "].to-chain " + b.lanes().get(i).toChain() + " is not a configured chain");
                    }
                }
            }
        }
        this.settings = settings;
        this.nodes = nodes;
        this.clock = clock;
    }

    /** Loads every chain (in parallel) at its latest block; fails naming the chain when a node cannot be read. */
    @Override
    public MarketSnapshot load() {
        record Result(ChainSettings settings, JsonRpcClient client, ChainLoader loader, ChainLoader.Loaded loaded,
                BigInteger gasPrice) {
        }
        List<Result> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Result>> futures = new ArrayList<>();
            for (ChainSettings s : settings) {
                futures.add(pool.submit(() -> {
                    long started = System.nanoTime();
                    EthRpc node = nodes.of(s.id());
                    JsonRpcClient client = node.client();
                    long requestsBefore = client.httpRequests();
                    ChainLoader loader = new ChainLoader(s, client);
                    ChainLoader.Loaded loaded = loader.load();
                    Result result = new Result(s, client, loader, loaded, node.gasPrice());
                    log.info("chain {} ({}): {} pools loaded at block {} in {} ms with {} HTTP requests ({})",
                            s.id(), s.name(), loaded.state().pools().size(), loaded.state().block(),
                            (System.nanoTime() - started) / 1_000_000, client.httpRequests() - requestsBefore,
                            loaded.multicall() ? "Multicall3" : "JSON-RPC batches");
                    return result;
                }));
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    ChainSettings s = settings.get(i);
                    if (e.getCause() instanceof MarketDataException m) {
                        throw m;
                    }
                    if (e.getCause() instanceof RpcException r) {
                        throw new MarketDataException("chain " + s.id() + " (" + s.name() + "): its node at "
                                + "junction.chains." + s.id() + ".rpc-url could not be read: " + r.getMessage(), r);
                    }
                    throw new MarketDataException("chain " + s.id() + " could not be loaded: " + e.getCause(),
                            e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new MarketDataException("interrupted while loading the chains", e);
                }
            }
        }
        List<Chain> chains = new ArrayList<>();
        List<Token> tokens = new ArrayList<>();
        List<Pool> pools = new ArrayList<>();
        Map<ChainId, ChainHead> heads = new HashMap<>();
        Map<String, Provider> providers = new LinkedHashMap<>();
        List<BridgeLane> lanes = new ArrayList<>();
        for (Result r : results) {
            ChainFollower follower = new ChainFollower(r.settings(), r.client(), r.loader(), r.loaded(), null, clock);
            ChainView.Part part = follower.view(r.gasPrice());
            chains.add(part.chain());
            tokens.addAll(part.tokens());
            pools.addAll(part.pools());
            heads.put(r.settings().id(), part.head());
            for (ChainSettings.Dex d : r.settings().dexes().values()) {
                providers.putIfAbsent(d.key(), new Provider(d.key(), d.key(), ProviderType.DEX, ""));
            }
            for (Bridge b : r.settings().bridges().values()) {
                providers.putIfAbsent(b.key(), new Provider(b.key(), b.key(), ProviderType.BRIDGE, ""));
                long depositGas = depositGas(r.settings(), b);
                for (Lane l : b.lanes()) {
                    lanes.add(new BridgeLane(b.key(), r.settings().id(), l.toChain(), l.token(), l.toToken(),
                            l.fixedFee(), l.feeBps(), l.destinationGasUsd(), l.p50Seconds(), l.p90Seconds(),
                            l.minAmount(), l.capacity(), depositGas));
                }
            }
            followers.put(r.settings().id(), follower);
        }
        // Junction's router executes every route built on these chains: quotes count its measured gas.
        return new MarketSnapshot(1, chains, tokens, List.copyOf(providers.values()), pools, lanes, heads,
                RouterGas.measured());
    }

    /**
     * Gas units of a bridge's deposit on the source chain, through Junction's router: the router gas table's measured
     * row of the bridge's room; a bridge the table does not measure counts a stand-in, said in the log.
     */
    private static long depositGas(ChainSettings chain, Bridge bridge) {
        RouterGas gas = RouterGas.measured();
        long units = gas.deposit(bridge.key()).first();
        if (!gas.measuresDeposit(bridge.key())) {
            log.warn("chain {}: bridge {} has no measured deposit in Junction's router gas table (router-gas.json); "
                    + "its routes count {} gas units, the largest measured deposit", chain.id().value(), bridge.key(),
                    units);
        }
        return units;
    }

    /**
     * Starts following every chain into {@code market} (after {@link #load()}): a chain with {@code ws-url} is pushed
     * its new heads and applies each as it arrives, polling over HTTP only while the socket is down (every
     * {@code poll-interval}) and, while it is up, once when no head came for {@link #backstop}; a chain without polls.
     */
    public synchronized void follow(Market market) {
        if (running) {
            return;
        }
        running = true;
        for (Map.Entry<ChainId, ChainFollower> e : new ArrayList<>(followers.entrySet())) {
            ChainFollower loaded = e.getValue();
            ChainFollower f = loaded.withMarket(market);
            followers.put(e.getKey(), f);
            Semaphore wake = new Semaphore(0);
            nodes.newHeads(e.getKey(), head -> {
                f.offer(head, System.nanoTime());
                wake.release();
            }, state -> {
                f.socket(state);
                wake.release();
            }).ifPresent(heads -> {
                f.socket(heads.state());
                subscriptions.add(heads);
            });
            // A platform thread, not a virtual one: requests run on virtual threads, whose carriers (one per core)
            // a CPU-bound quote holds until it ends; a follower among them waited for a free carrier before applying
            // a head, then held one while it applied. The OS shares the cores between this thread and the carriers.
            Thread t = Thread.ofPlatform().daemon().name("chain-" + e.getKey().value()).start(() -> {
                long interval = f.settings().pollInterval().toMillis();
                // After a new block the next one is a block time away: poll again just before it, so a block costs
                // about two requests (head, then logs) whatever the poll interval.
                long afterBlock = Math.max(interval, f.settings().blockTime().toMillis() - interval);
                long backstop = backstop(f.settings()).toMillis();
                while (running) {
                    ChainFollower.Pushed pushed = f.takePushed();
                    boolean advanced = pushed != null ? f.applyQuietly(pushed) : f.pollQuietly();
                    long wait = f.transport().equals("ws") ? backstop : advanced ? afterBlock : interval;
                    try {
                        if (wake.tryAcquire(wait, TimeUnit.MILLISECONDS)) {
                            wake.drainPermits();
                        }
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            });
            threads.add(t);
        }
    }

    /**
     * While new heads are pushed, how long without one before the head is checked over HTTP once (a socket can stay
     * open and go silent): two block times or the poll interval, whichever is longer, within half of max-staleness.
     */
    static Duration backstop(ChainSettings s) {
        Duration longer = s.pollInterval().compareTo(s.blockTime().multipliedBy(2)) > 0 ? s.pollInterval()
                : s.blockTime().multipliedBy(2);
        Duration half = s.maxStaleness().dividedBy(2);
        return longer.compareTo(half) < 0 ? longer : half;
    }

    @Override
    public void requireFresh(ChainId chain) {
        ChainFollower f = followers.get(chain);
        if (f == null || f.fresh()) {
            return;
        }
        ChainSettings s = f.settings();
        long ago = clock.millis() - f.syncedAtMillis();
        throw new StaleChainException(chain, "chain " + chain.value() + " (" + s.name() + ") is stale: its market "
                + "state is at block " + f.state().block() + ", last confirmed at the node's head " + ago
                + " ms ago, more than its max-staleness of " + s.maxStaleness().toMillis() + " ms"
                + (f.lastError() == null ? "" : " (node: " + f.lastError() + ")"));
    }

    /**
     * Learns the node's head with one {@code eth_blockNumber} and, when the chain's market is behind it, polls the node
     * now (and again until one block time has passed) so the market reaches it.
     */
    @Override
    public void requireAtHead(ChainId chain) {
        requireFresh(chain);
        ChainFollower f = followers.get(chain);
        if (f != null && running) {
            requireAt(chain, f.headNow());
        }
    }

    /**
     * Requires the chain's market at block {@code head} or later, polling its node now and again for at most one block
     * time.
     *
     * @throws StaleChainException naming the chain, its block and the head when it did not get there
     */
    void requireAt(ChainId chain, long head) {
        ChainFollower f = followers.get(chain);
        ChainSettings s = f.settings();
        if (!f.catchUp(head, s.blockTime())) {
            throw new StaleChainException(chain, "chain " + chain.value() + " (" + s.name() + ") is behind its node: "
                    + "its market state is at block " + f.state().block() + ", the node's head is " + head
                    + ", and it did not catch up within one block time (" + s.blockTime().toMillis() + " ms)"
                    + (f.lastError() == null ? "" : " (node: " + f.lastError() + ")"));
        }
    }

    /** The configured chains' settings, by chain id order. */
    public List<ChainSettings> settings() {
        return settings;
    }

    /** Each chain's follower, for health and tests. */
    Map<ChainId, ChainFollower> followers() {
        return followers;
    }

    /** Polls every chain once now (tests, and the first step after start). */
    void pollAll() {
        followers.values().forEach(ChainFollower::poll);
    }

    @Override
    public synchronized void close() {
        running = false;
        subscriptions.forEach(NewHeads::close);
        subscriptions.clear();
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            try {
                t.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        threads.clear();
    }
}
