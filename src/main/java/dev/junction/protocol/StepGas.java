package dev.junction.protocol;

/**
 * Gas units of one step through Junction's router, measured.
 *
 * @param first as the route's first step
 * @param later after another swap in the same transaction
 */
public record StepGas(long first, long later) {

    public StepGas {
        if (first <= 0 || later <= 0) {
            throw new IllegalArgumentException("step gas must be positive, was " + first + "/" + later);
        }
    }

    public long units(boolean afterSwap) {
        return afterSwap ? later : first;
    }
}
