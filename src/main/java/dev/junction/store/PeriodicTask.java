package dev.junction.store;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Store upkeep that runs in the background: a pass on its own daemon thread every {@code interval} (fixed delay) from
 * {@link #start()} until {@link #stop()}. A pass that throws is logged and the next one runs as usual. A stopped task
 * can be started again (Spring stops and restarts the lifecycle beans of a paused context). Used by H2's compaction,
 * the gasless quote purge, the webhooks' outbox purge and the rate limits' expiry.
 */
public final class PeriodicTask {

    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final Duration interval;
    private final Runnable pass;
    /** The running passes' thread, null while stopped. */
    private ScheduledExecutorService runner;

    /**
     * @param name the thread's name, also in the log line of a failed pass
     * @param interval time from the end of one pass to the start of the next, and before the first; positive
     */
    public PeriodicTask(String name, Duration interval, Runnable pass) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(name + ": the interval must be positive, was " + interval);
        }
        this.name = name;
        this.interval = interval;
        this.pass = pass;
    }

    /** Schedules the passes on a new thread; the first runs one interval from now. Nothing when already running. */
    public synchronized void start() {
        if (runner != null) {
            return;
        }
        runner = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        long millis = interval.toMillis();
        runner.scheduleWithFixedDelay(this::passQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Runs no further pass and waits (up to 10 s) for one under way; nothing when not running. */
    public synchronized void stop() throws InterruptedException {
        if (runner == null) {
            return;
        }
        ScheduledExecutorService stopping = runner;
        runner = null;
        stopping.shutdown();
        stopping.awaitTermination(10, TimeUnit.SECONDS);
    }

    private void passQuietly() {
        try {
            pass.run();
        } catch (RuntimeException e) {
            // the next pass tries again (the owner stops the task before the connection pool closes at shutdown)
            log.warn("{} pass failed: {}", name, e.toString());
        }
    }
}
