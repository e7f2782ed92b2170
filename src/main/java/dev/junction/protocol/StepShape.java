package dev.junction.protocol;

import java.util.Objects;

/**
 * What a route step's {@code data} holds for one protocol call shape (a fork's router call, or an adapter's data).
 * Junction's adapter executes the shape when it has adapter data ({@link #executable()}): the step's data is then
 * {@code abi.encode} of {@link #adapterData()}'s types. Otherwise the step keeps the provider's own call
 * ({@link #signature()}): it can be quoted and simulated, but no adapter runs it.
 *
 * @param name the shape's name, for messages and tests (e.g. {@code UNISWAP_V3_ROUTER02})
 * @param signature the provider's own call, canonical (its selector is keccak256 of it)
 * @param adapterData the ABI types of the adapter's step data ({@code ""} for none); null when not executable
 */
public record StepShape(String name, String signature, String adapterData) {

    public StepShape {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(signature, "signature");
    }

    /** A shape no Junction adapter executes: the step carries the provider's own call. */
    public static StepShape call(String name, String signature) {
        return new StepShape(name, signature, null);
    }

    /** Whether a Junction adapter executes this shape (the step's data is then {@link #adapterData()}). */
    public boolean executable() {
        return adapterData != null;
    }
}
