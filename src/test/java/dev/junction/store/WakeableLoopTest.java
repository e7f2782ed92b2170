package dev.junction.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The one wait-and-wake loop: a pass at start, the next one only when woken (the idle wait here is an hour, so any
 * second pass within the test was caused by a wake or by a pass asking to run again), stop and restart, a failing
 * pass logged and followed by the next. No timing is asserted: every step waits for a pass to signal.
 */
class WakeableLoopTest {

    private static final long AN_HOUR_MS = TimeUnit.HOURS.toMillis(1);

    private final Semaphore passes = new Semaphore(0);
    private final AtomicInteger count = new AtomicInteger();
    private WakeableLoop loop;

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop();
        }
    }

    private void awaitPasses(int n) throws InterruptedException {
        assertThat(passes.tryAcquire(n, 30, TimeUnit.SECONDS)).as("%d more passes", n).isTrue();
    }

    @Test
    void runsAPassAtStartAndTheNextOnlyWhenWoken() throws Exception {
        loop = WakeableLoop.of("test-loop", AN_HOUR_MS, () -> {
            count.incrementAndGet();
            passes.release();
        });
        assertThat(loop.running()).isFalse();
        loop.start();
        assertThat(loop.running()).isTrue();
        awaitPasses(1);
        for (int i = 2; i <= 4; i++) {
            loop.wake();
            awaitPasses(1);
            assertThat(count.get()).isEqualTo(i);
        }
        loop.stop();
        assertThat(loop.running()).isFalse();
        // stop waited for the thread to end: nothing runs a pass any more, whoever wakes the loop
        int stoppedAt = count.get();
        loop.wake();
        loop.stop();
        assertThat(count.get()).isEqualTo(stoppedAt);
        assertThat(passes.availablePermits()).isZero();
    }

    @Test
    void aWakeDuringAPassIsNotLost() throws Exception {
        CountDownLatch inFirstPass = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        loop = WakeableLoop.of("test-loop", AN_HOUR_MS, () -> {
            if (count.incrementAndGet() == 1) {
                inFirstPass.countDown();
                await(release);
            }
            passes.release();
        });
        loop.start();
        assertThat(inFirstPass.await(30, TimeUnit.SECONDS)).isTrue();
        loop.wake();
        release.countDown();
        awaitPasses(2);
        assertThat(count.get()).isEqualTo(2);
    }

    @Test
    void aPassAskingForMoreRunsTheNextWithoutAWake() throws Exception {
        loop = new WakeableLoop("test-loop", AN_HOUR_MS, () -> {
            int done = count.incrementAndGet(); // counted before the test hears of the pass
            passes.release();
            return done < 5;
        });
        loop.start();
        awaitPasses(5);
        assertThat(count.get()).isEqualTo(5);
        loop.stop();
        assertThat(count.get()).as("the fifth pass asked to wait: no sixth without a wake").isEqualTo(5);
    }

    @Test
    void aStoppedLoopRunsAgainWhenStartedAgain() throws Exception {
        loop = WakeableLoop.of("test-loop", AN_HOUR_MS, () -> {
            count.incrementAndGet();
            passes.release();
        });
        loop.start();
        loop.start();
        awaitPasses(1);
        loop.stop();
        loop.stop();
        int first = count.get();

        loop.start();
        awaitPasses(1);
        loop.wake();
        awaitPasses(1);
        assertThat(count.get()).isGreaterThanOrEqualTo(first + 2);
        loop.stop();
        assertThat(loop.running()).isFalse();
    }

    @Test
    void aPassThatThrowsIsLoggedAndTheLoopGoesOn() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger(WakeableLoop.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        try {
            loop = WakeableLoop.of("failing-loop", AN_HOUR_MS, () -> {
                int n = count.incrementAndGet();
                passes.release();
                if (n == 1) {
                    throw new IllegalStateException("node down");
                }
            });
            loop.start();
            awaitPasses(1);
            loop.wake();
            awaitPasses(1);
            assertThat(count.get()).isEqualTo(2);
            assertThat(loop.running()).isTrue();
            loop.stop();
            assertThat(logged.list).singleElement().satisfies(e -> {
                assertThat(e.getLevel()).isEqualTo(Level.WARN);
                assertThat(e.getFormattedMessage()).contains("failing-loop").contains("node down");
            });
        } finally {
            logger.detachAppender(logged);
        }
    }

    @Test
    void aStopFromAPassEndsTheLoop() throws Exception {
        loop = WakeableLoop.of("test-loop", AN_HOUR_MS, () -> {
            count.incrementAndGet();
            loop.stop();
            passes.release();
        });
        loop.start();
        awaitPasses(1);
        assertThat(loop.running()).isFalse();
        loop.start();
        awaitPasses(1);
        assertThat(count.get()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theWorkersRunWhatAPassHandsOffAndAreMadeAgainAtARestart() throws Exception {
        Semaphore done = new Semaphore(0);
        WakeableLoop[] self = new WakeableLoop[1];
        loop = WakeableLoop.of("test-loop", AN_HOUR_MS, () -> self[0].workers().execute(done::release),
                Duration.ofSeconds(10));
        self[0] = loop;
        assertThatThrownBy(loop::workers).isInstanceOf(IllegalStateException.class).hasMessageContaining("stopped");
        loop.start();
        assertThat(done.tryAcquire(30, TimeUnit.SECONDS)).as("a task of the first run").isTrue();
        loop.stop();
        assertThatThrownBy(loop::workers).isInstanceOf(IllegalStateException.class);
        loop.start();
        assertThat(done.tryAcquire(30, TimeUnit.SECONDS)).as("a task after the restart").isTrue();
        loop.stop();
        assertThatThrownBy(() -> WakeableLoop.of("plain", AN_HOUR_MS, () -> { }).workers())
                .hasMessageContaining("no workers");
    }

    @Test
    void theIdleWaitMustBePositive() {
        assertThatThrownBy(() -> WakeableLoop.of("test-loop", 0, () -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("test-loop");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
