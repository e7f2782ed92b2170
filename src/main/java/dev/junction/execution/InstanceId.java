package dev.junction.execution;

import java.util.Objects;
import java.util.UUID;

/**
 * The one identity of this running process: the row in {@code junction_instance} and the owner of swap leases
 * ({@code swaps.lease_owner}) are the same value, so a lease can be traced to the instance that holds it. The
 * executor's configuration makes the one bean; everything else injects it.
 *
 * @param value a random UUID (36 characters, fits both columns)
 */
public record InstanceId(String value) {

    public InstanceId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > 36) {
            throw new IllegalArgumentException("an instance id is 1 to 36 characters");
        }
    }

    /** A fresh id for a starting process. */
    public static InstanceId random() {
        return new InstanceId(UUID.randomUUID().toString());
    }

    @Override
    public String toString() {
        return value;
    }
}
