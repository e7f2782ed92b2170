package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.execution.ChainReads;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The relayer of each configured chain, and the loop that follows their transactions: at start (and until it
 * succeeds) each relayer reconciles its nonce with the node; then every poll interval it advances every open
 * transaction of the relayer key on that chain, whichever instance signed it, so a transaction signed by an instance
 * that died is still broadcast (no stuck nonce gap). A node that cannot be reached is retried at the next poll.
 */
public final class Relayers implements SmartLifecycle, ChainReads {

    private static final Logger log = LoggerFactory.getLogger(Relayers.class);

    private final Map<ChainId, Relayer> byChain;
    private final long pollIntervalMs;
    private final Map<ChainId, Boolean> reconciled = new ConcurrentHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    private boolean signalled;
    private volatile boolean running;
    private Thread loop;

    public Relayers(List<Relayer> relayers, long pollIntervalMs) {
        this.byChain = relayers.stream().collect(Collectors.toUnmodifiableMap(Relayer::chain, r -> r));
        this.pollIntervalMs = pollIntervalMs;
    }

    /** The relayer on {@code chain}, if one is configured. */
    public Optional<Relayer> on(ChainId chain) {
        return Optional.ofNullable(byChain.get(chain));
    }

    @Override
    public boolean configured(ChainId chain) {
        return byChain.containsKey(chain);
    }

    @Override
    public byte[] call(ChainId chain, Address to, byte[] data) {
        Relayer r = on(chain).orElseThrow(() -> new IllegalArgumentException("no node of chain " + chain));
        return r.rpc().call(to, data);
    }

    /** Follows open transactions now instead of at the next poll (after a transaction was prepared). */
    public void wake() {
        lock.lock();
        try {
            signalled = true;
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** One pass over every chain: reconcile if not yet done, then advance each open transaction one step. */
    public void pollOnce() {
        for (Relayer r : byChain.values()) {
            try {
                if (!reconciled.getOrDefault(r.chain(), false)) {
                    long next = r.reconcile();
                    reconciled.put(r.chain(), true);
                    log.info("relayer {} on chain {}: next nonce {}", r.address(), r.chain(), next);
                }
                for (String id : r.open()) {
                    r.advance(id);
                }
            } catch (NodeUnavailableException e) {
                log.warn("relayer on chain {}: node unavailable, retrying: {}", r.chain(), e.getMessage());
            } catch (RuntimeException e) {
                log.warn("relayer on chain {}: {}", r.chain(), e.toString());
            }
        }
    }

    @Override
    public void start() {
        if (running || byChain.isEmpty()) {
            return;
        }
        running = true;
        loop = Thread.ofPlatform().daemon().name("relayer").start(() -> {
            while (running) {
                pollOnce();
                await();
            }
        });
    }

    private void await() {
        lock.lock();
        try {
            if (!signalled) {
                woken.await(pollIntervalMs, TimeUnit.MILLISECONDS);
            }
            signalled = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop() {
        running = false;
        wake();
        if (loop != null) {
            try {
                loop.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
