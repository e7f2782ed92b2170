package dev.junction.execution;

import dev.junction.chain.Amount;
import java.util.List;
import java.util.Objects;

/**
 * What a dry run of a plan gave ({@link Simulator}).
 *
 * @param success whether every step ran and every minimum held
 * @param reason null on success; otherwise what failed, naming the step (1-based, its provider and chain) and the
 *     amounts, e.g. {@code step 2 (uniswap-v3 on chain 42161) returns 123 below its minimum 456}
 * @param stepOutputs actual output of each step that ran, in plan order, smallest units of the step's output token
 *     (a bridge step's entry is what it delivers); fewer entries than steps when a step failed
 * @param amountOut the route's final output, toToken smallest units; zero on failure
 */
public record SimulationResult(boolean success, String reason, List<Amount> stepOutputs, Amount amountOut) {

    public SimulationResult {
        stepOutputs = List.copyOf(stepOutputs);
        Objects.requireNonNull(amountOut, "amountOut");
        if (success != (reason == null)) {
            throw new IllegalArgumentException("a failed simulation has a reason, a successful one none");
        }
    }
}
