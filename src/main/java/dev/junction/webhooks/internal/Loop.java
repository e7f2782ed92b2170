package dev.junction.webhooks.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A background loop on its own daemon thread, started and stopped with the application: a pass, then a wait of
 * {@code idleMs} unless {@link #wake()} is called or the pass asked to run again at once. A pass that throws is logged
 * and the next one runs as usual.
 */
abstract class Loop implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(Loop.class);

    private final String name;
    private final long idleMs;
    private final boolean enabled;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    private boolean signalled;
    private volatile boolean running;
    private Thread thread;

    Loop(String name, long idleMs, boolean enabled) {
        this.name = name;
        this.idleMs = idleMs;
        this.enabled = enabled;
    }

    /** One pass; true to run the next one without waiting. */
    abstract boolean pass();

    /** Called once the loop has stopped (release what is held). */
    void stopped() {
    }

    /** Runs the next pass now. */
    final void wake() {
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
        if (!enabled || running) {
            return;
        }
        running = true;
        thread = Thread.ofPlatform().daemon().name(name).start(this::run);
    }

    @Override
    public void stop() {
        running = false;
        wake();
        if (thread != null) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopped();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    final boolean active() {
        return running;
    }

    private void run() {
        while (running) {
            boolean again = false;
            try {
                again = pass();
            } catch (RuntimeException e) {
                log.warn("{} pass failed: {}", name, e.toString());
            }
            if (!again) {
                await();
            }
        }
    }

    private void await() {
        lock.lock();
        try {
            if (!signalled) {
                woken.await(idleMs, TimeUnit.MILLISECONDS);
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
