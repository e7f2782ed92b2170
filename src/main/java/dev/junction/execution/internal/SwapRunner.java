package dev.junction.execution.internal;

import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.execution.network.Network;
import dev.junction.market.SimulationClock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The durable job runner: a loop that finds due, unleased, non-terminal swaps in the database, claims each with a lease
 * (one conditional UPDATE; see {@link SwapRepository}), advances it on a virtual thread and puts it back with its next
 * due time. Started with the application, so every unfinished swap resumes where it stopped; a swap leased by an
 * instance that died is picked up once the lease expires.
 */
public final class SwapRunner implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SwapRunner.class);

    private final SwapRepository swaps;
    private final SwapProcessor processor;
    private final Network network;
    private final SimulationClock clock;
    private final TransactionTemplate tx;
    private final LongSupplier wallClock;
    private final ExecutionProperties props;
    private final String instance;
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    private final Semaphore permits;
    private volatile boolean running;
    private boolean signalled;
    private Thread loop;
    private ExecutorService workers;

    public SwapRunner(SwapRepository swaps, SwapProcessor processor, Network network, SimulationClock clock,
            TransactionTemplate tx, LongSupplier wallClock, ExecutionProperties props, String instance) {
        this.swaps = swaps;
        this.processor = processor;
        this.network = network;
        this.clock = clock;
        this.tx = tx;
        this.wallClock = wallClock;
        this.props = props;
        this.instance = instance;
        this.permits = new Semaphore(props.parallelism());
    }

    /** This instance's id, recorded as lease owner and on every swap event it writes. */
    public String instance() {
        return instance;
    }

    /** Looks for work now instead of at the next poll (called after a submission). */
    public void wake() {
        lock.lock();
        try {
            signalled = true;
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void start() {
        if (!props.runnerEnabled() || running) {
            return;
        }
        running = true;
        workers = Executors.newVirtualThreadPerTaskExecutor();
        loop = Thread.ofPlatform().daemon().name("swap-runner").start(this::run);
        log.info("swap runner {} started", instance);
    }

    @Override
    public void stop() {
        running = false;
        wake();
        if (loop != null) {
            try {
                loop.join(5_000);
                workers.shutdown();
                workers.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void run() {
        long lastTimeSave = 0;
        while (running) {
            try {
                if (wallClock.getAsLong() - lastTimeSave > 1_000 && network instanceof EmbeddedNetwork embedded) {
                    embedded.persistTime();
                    lastTimeSave = wallClock.getAsLong();
                }
                pollOnce();
            } catch (RuntimeException e) {
                log.warn("swap runner poll failed: {}", e.toString());
            }
            awaitSignal();
        }
    }

    /** Claims and dispatches what is due now; returns how many swaps were dispatched. */
    int pollOnce() {
        int free = permits.availablePermits();
        if (free == 0) {
            return 0;
        }
        long wall = wallClock.getAsLong();
        List<String> due = swaps.due(network.now(), wall, free + inFlight.size());
        int dispatched = 0;
        for (String id : due) {
            if (inFlight.contains(id) || !permits.tryAcquire()) {
                continue;
            }
            if (!swaps.claim(id, instance, wall, wall + props.leaseSeconds() * 1000L)) {
                permits.release();
                continue;
            }
            inFlight.add(id);
            dispatched++;
            workers.submit(() -> work(id));
        }
        return dispatched;
    }

    private void work(String id) {
        long next = network.now();
        try {
            Swap s = swaps.load(id).orElseThrow();
            next = processor.advance(s, instance);
        } catch (ConcurrentSwapUpdateException e) {
            log.debug("{}", e.getMessage());
        } catch (RuntimeException e) {
            log.warn("swap {} step failed, will retry: {}", id, e.toString());
            next = network.now() + 1_000;
        } finally {
            long due = next;
            try {
                tx.executeWithoutResult(s -> swaps.release(id, instance, due));
            } catch (RuntimeException e) {
                log.warn("swap {} release failed (lease will expire): {}", id, e.toString());
            }
            inFlight.remove(id);
            permits.release();
            wake();
        }
    }

    private void awaitSignal() {
        lock.lock();
        try {
            if (!signalled) {
                woken.await(props.pollIntervalMs(), TimeUnit.MILLISECONDS);
            }
            signalled = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        } finally {
            lock.unlock();
        }
    }
}
