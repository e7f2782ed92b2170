package dev.junction.gasless;

import dev.junction.market.SimulationClock;
import dev.junction.store.PeriodicTask;
import jakarta.annotation.PreDestroy;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Deletes gasless quotes that were never submitted once their permit deadline is more than
 * {@code junction.gasless.retention} (default one day, like {@code junction.quote.retention}) in the past, once a
 * minute on a daemon thread ({@link PeriodicTask}). Without it every gasless quote stayed in the database for ever
 * (about 4 KB each with its steps). Submitted quotes stay with their submission; every instance may run it (the
 * deletes are idempotent).
 */
@Component
class GaslessQuotePurge {

    private static final Logger log = LoggerFactory.getLogger(GaslessQuotePurge.class);

    /** Time between two passes. */
    static final Duration INTERVAL = Duration.ofMinutes(1);

    private final GaslessQuoteStore quotes;
    private final SimulationClock clock;
    private final Duration retention;
    private final PeriodicTask runner = new PeriodicTask("gasless-purge", INTERVAL, this::purge);

    GaslessQuotePurge(GaslessQuoteStore quotes, SimulationClock clock,
            @Value("${junction.gasless.retention:P1D}") Duration retention) {
        if (retention.isNegative()) {
            throw new IllegalArgumentException("junction.gasless.retention must not be negative, was " + retention);
        }
        this.quotes = quotes;
        this.clock = clock;
        this.retention = retention;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        runner.start();
    }

    @PreDestroy
    void stop() throws InterruptedException {
        runner.stop();
    }

    /** One pass; returns how many quotes it deleted. */
    int purge() {
        long cutoff = clock.now().minus(retention).getEpochSecond();
        int deleted = quotes.purgeExpired(cutoff);
        if (deleted > 0) {
            log.info("deleted {} gasless quotes never submitted whose deadline passed more than {} ago", deleted,
                    retention);
        }
        return deleted;
    }
}
