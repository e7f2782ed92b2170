package dev.junction.execution.internal;

import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.execution.network.Network;
import dev.junction.market.SimulationClock;
import dev.junction.store.WakeableLoop;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
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
    private final Semaphore permits;
    private final RetryPolicy retry;
    private final WakeableLoop loop;
    private long lastTimeSave;

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
        this.retry = props.retryPolicy();
        this.loop = WakeableLoop.of("swap-runner", props.pollIntervalMs(), this::pass, Duration.ofSeconds(5));
    }

    /** This instance's id, recorded as lease owner and on every swap event it writes. */
    public String instance() {
        return instance;
    }

    /** Looks for work now instead of at the next poll (called after a submission). */
    public void wake() {
        loop.wake();
    }

    @Override
    public void start() {
        if (props.runnerEnabled() && !loop.running()) {
            loop.start();
            log.info("swap runner {} started", instance);
        }
    }

    @Override
    public void stop() {
        loop.stop();
    }

    @Override
    public boolean isRunning() {
        return loop.running();
    }

    /** One pass of the loop: the embedded network's clock saved (at most every second), then a poll. */
    private void pass() {
        if (wallClock.getAsLong() - lastTimeSave > 1_000 && network instanceof EmbeddedNetwork embedded) {
            embedded.persistTime();
            lastTimeSave = wallClock.getAsLong();
        }
        pollOnce();
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
            loop.workers().submit(() -> work(id));
        }
        return dispatched;
    }

    private void work(String id) {
        long next = network.now();
        boolean succeeded = false;
        try {
            Swap s = swaps.load(id).orElseThrow();
            next = processor.advance(s, instance);
            succeeded = true;
        } catch (ConcurrentSwapUpdateException e) {
            log.debug("{}", e.getMessage());
        } catch (RuntimeException e) {
            next = failed(id, e);
        } finally {
            long due = next;
            boolean ok = succeeded;
            try {
                tx.executeWithoutResult(s -> swaps.release(id, instance, due, ok));
            } catch (RuntimeException e) {
                log.warn("swap {} release failed (lease will expire): {}", id, e.toString());
            }
            inFlight.remove(id);
            permits.release();
            wake();
        }
    }

    /**
     * A step of swap {@code id} threw: counts the failure and backs off exponentially with jitter, or, when the
     * attempts are exhausted, ends the swap FAILED / RETRIES_EXHAUSTED with the error as its reason.
     *
     * @return simulation time at which the swap is due again
     */
    private long failed(String id, RuntimeException e) {
        String reason = reason(e);
        long now = network.now();
        try {
            int failures = tx.execute(s -> swaps.recordFailure(id, instance, reason));
            if (failures < 0) {
                return now;
            }
            if (!retry.exhausted(failures)) {
                long delayMs = retry.delayMs(failures, ThreadLocalRandom.current());
                log.warn("swap {} step failed (attempt {} of {}), retrying in {} ms: {}", id, failures,
                        retry.maxAttempts(), delayMs, reason);
                return now + delayMs;
            }
            log.warn("swap {} gave up after {} failed attempts: {}", id, failures, reason);
            tx.executeWithoutResult(status -> {
                Swap s = swaps.load(id).orElseThrow();
                s.retriesExhausted(failures, reason, now);
                swaps.update(s, instance, wallClock.getAsLong() + props.leaseSeconds() * 1000L);
            });
        } catch (RuntimeException again) {
            log.warn("swap {} failure could not be recorded (lease will expire): {}", id, again.toString());
        }
        return now;
    }

    /** What failed, for logs and the status message: the exception's message, or its type when it has none. */
    private static String reason(RuntimeException e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
