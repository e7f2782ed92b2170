package dev.junction.store;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A background loop on its own daemon thread, from {@link #start()} until {@link #stop()}: a pass at once, then a
 * wait of {@code idleMs} before the next unless {@link #wake()} is called or the pass asked to run again at once. A
 * wake while a pass runs is not lost (the next wait returns at once). A pass that throws is logged and the next one
 * runs as usual. A stopped loop can be started again (Spring stops and restarts the lifecycle beans of a paused
 * context). The owner, usually a {@code SmartLifecycle}, starts and stops it: the swap runner, the relayers' loop,
 * the webhook dispatcher and the status watches' follower. {@link PeriodicTask} is the variant without wake-ups.
 *
 * <p>A loop made with a workers' grace also holds {@link #workers()}: virtual threads for the work its passes hand off
 * (a swap's step, a delivery), made at each start and shut down at stop, which waits up to the grace for them.
 */
public final class WakeableLoop {

    private static final Logger log = LoggerFactory.getLogger(WakeableLoop.class);

    private final String name;
    private final long idleMs;
    private final BooleanSupplier pass;
    /** How long a stop waits for the workers' tasks; null: the loop has no workers. */
    private final Duration workersGrace;
    /** The workers while running (with a grace), else null. */
    private volatile ExecutorService workers;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    /** A wake not yet consumed by a wait; guarded by {@link #lock}. */
    private boolean signalled;
    /** The thread running the passes, null while stopped. */
    private final AtomicReference<Thread> current = new AtomicReference<>();

    /**
     * @param name the thread's name, also in the log line of a failed pass
     * @param idleMs the wait between two passes when nobody wakes the loop; positive
     * @param pass one pass; returns true to run the next one without waiting (more work is known to be due)
     */
    public WakeableLoop(String name, long idleMs, BooleanSupplier pass) {
        this(name, idleMs, pass, null);
    }

    /**
     * A loop with {@link #workers()}.
     *
     * @param workersGrace how long {@link #stop()} waits for the workers' tasks under way; null: no workers
     */
    public WakeableLoop(String name, long idleMs, BooleanSupplier pass, Duration workersGrace) {
        if (idleMs <= 0) {
            throw new IllegalArgumentException(name + ": the idle wait must be positive, was " + idleMs + " ms");
        }
        this.name = name;
        this.idleMs = idleMs;
        this.pass = pass;
        this.workersGrace = workersGrace;
    }

    /** A loop whose passes always wait (or a wake) before the next. */
    public static WakeableLoop of(String name, long idleMs, Runnable pass) {
        return of(name, idleMs, pass, null);
    }

    /** A loop whose passes always wait (or a wake) before the next, with {@link #workers()} (null grace: none). */
    public static WakeableLoop of(String name, long idleMs, Runnable pass, Duration workersGrace) {
        return new WakeableLoop(name, idleMs, () -> {
            pass.run();
            return false;
        }, workersGrace);
    }

    /** Starts the passes on a new daemon thread, the first at once. Nothing when already running. */
    public synchronized void start() {
        if (current.get() != null) {
            return;
        }
        Thread t = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
        if (workersGrace != null) {
            workers = Executors.newVirtualThreadPerTaskExecutor();
        }
        current.set(t);
        t.start();
    }

    /**
     * Runs no further pass and waits (up to 10 s) for the one under way to end, then for the workers' tasks (up to
     * the grace); nothing when not running. Called from a pass, it only stops the loop (the pass's own thread cannot
     * wait for itself).
     */
    public synchronized void stop() {
        Thread stopping = current.getAndSet(null);
        if (stopping == null) {
            return;
        }
        wake();
        if (stopping == Thread.currentThread()) {
            return;
        }
        try {
            stopping.join(10_000);
            ExecutorService ending = workers;
            if (ending != null) {
                workers = null;
                ending.shutdown();
                ending.awaitTermination(workersGrace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The running loop's workers, for tasks a pass hands off.
     *
     * @throws IllegalStateException when the loop has no workers or is stopped
     */
    public ExecutorService workers() {
        ExecutorService w = workers;
        if (w == null) {
            throw new IllegalStateException(name + (workersGrace == null ? " has no workers" : " is stopped"));
        }
        return w;
    }

    /** Runs the next pass now, or right after the one under way, instead of after the idle wait. */
    public void wake() {
        lock.lock();
        try {
            signalled = true;
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** True from {@link #start()} until {@link #stop()}; a pass can check it to end a long batch early. */
    public boolean running() {
        return current.get() != null;
    }

    private void run() {
        Thread me = Thread.currentThread();
        while (current.get() == me) {
            boolean again = false;
            try {
                again = pass.getAsBoolean();
            } catch (RuntimeException e) {
                log.warn("{} pass failed: {}", name, e.toString());
            }
            if (!again && !await()) {
                current.compareAndSet(me, null);
                return;
            }
        }
    }

    /** Waits for a wake or the idle time; false when the thread was interrupted (the loop then ends). */
    private boolean await() {
        lock.lock();
        try {
            if (!signalled) {
                woken.await(idleMs, TimeUnit.MILLISECONDS);
            }
            signalled = false;
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }
}
