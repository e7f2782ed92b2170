package dev.junction.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A periodic task runs its passes between start and stop, and again after a restart. */
class PeriodicTaskTest {

    @Test
    void aStoppedTaskRunsItsPassesAgainWhenStartedAgain() throws Exception {
        AtomicReference<CountDownLatch> passes = new AtomicReference<>(new CountDownLatch(2));
        PeriodicTask task = new PeriodicTask("test-task", Duration.ofMillis(5), () -> passes.get().countDown());
        task.start();
        assertThat(passes.get().await(10, TimeUnit.SECONDS)).as("passes after the first start").isTrue();
        task.stop();

        passes.set(new CountDownLatch(2));
        task.start();
        assertThat(passes.get().await(10, TimeUnit.SECONDS)).as("passes after a restart").isTrue();
        task.stop();
    }

    @Test
    void stopWithoutStartAndASecondStartAreHarmless() throws Exception {
        CountDownLatch pass = new CountDownLatch(1);
        PeriodicTask task = new PeriodicTask("test-task", Duration.ofMillis(5), pass::countDown);
        task.stop();
        task.start();
        task.start();
        assertThat(pass.await(10, TimeUnit.SECONDS)).isTrue();
        task.stop();
        task.stop();
    }
}
