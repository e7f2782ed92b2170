package dev.junction.market;

import java.time.Clock;
import java.time.Instant;

/**
 * The service's one time model. Every time a user sees or a rule checks (quote expiries, calldata and permit
 * deadlines, block and transaction timestamps) is Unix time of the wall clock: {@link #millis()} and {@link #now()}.
 * The simulation speed only compresses simulated durations: at {@code speed} 600 a 12-second block is produced every
 * 20 ms of real time and a 15-minute bridge settles in 1.5 s, but the timestamps they carry are still wall-clock
 * Unix time. So a faster simulation never makes a fresh quote's deadline unreachable, and nothing a run persists is
 * ahead of the wall clock for the next run.
 */
public final class SimulationClock {

    private final Clock base;
    private final double speed;

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
    }

    /** Unix epoch milliseconds of the wall clock (the speed does not change it). */
    public long millis() {
        return base.millis();
    }

    /** The wall clock's instant. */
    public Instant now() {
        return Instant.ofEpochMilli(millis());
    }

    /** Simulated milliseconds per real millisecond. */
    public double speed() {
        return speed;
    }

    /** Simulated milliseconds that {@code realMillis} of real time are. */
    public long simulatedMillis(long realMillis) {
        return Math.round(realMillis * speed);
    }

    /** Real milliseconds that {@code simulatedMillis} of simulated time take. */
    public long realMillisFor(long simulatedMillis) {
        return (long) Math.ceil(simulatedMillis / speed);
    }
}
