package dev.junction.market;

import java.time.Clock;
import java.time.Instant;

/**
 * The simulation clock of the embedded network and the living market: it runs {@code speed} times as fast as the base
 * clock from the moment it was created (1.0 = real time; 600 makes a 15-minute bridge take 1.5 s of real time).
 * Block production, bridge latencies and price walks are measured on it, so tests and demos need no sleeps.
 */
public final class SimulationClock {

    private final Clock base;
    private final double speed;
    private final long originMillis;

    /**
     * @param base the real clock
     * @param speed simulated milliseconds per real millisecond, > 0
     */
    public SimulationClock(Clock base, double speed) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("junction.simulation.clock-speed must be a finite number > 0");
        }
        this.base = base;
        this.speed = speed;
        this.originMillis = base.millis();
    }

    /** Simulated epoch milliseconds. */
    public long millis() {
        long real = base.millis();
        return originMillis + Math.round((real - originMillis) * speed);
    }

    public Instant now() {
        return Instant.ofEpochMilli(millis());
    }

    /** Simulated milliseconds per real millisecond. */
    public double speed() {
        return speed;
    }

    /** Real milliseconds that {@code simulatedMillis} of simulated time take. */
    public long realMillisFor(long simulatedMillis) {
        return (long) Math.ceil(simulatedMillis / speed);
    }
}
