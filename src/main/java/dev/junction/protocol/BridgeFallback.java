package dev.junction.protocol;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.Objects;

/**
 * The bridged token a bridge's destination contract paid in place of a route's destination leg
 * ({@link BridgeTracking#legFallback}).
 *
 * @param payee who was paid: the leg's receiver, or its fallback address when it had a destination call
 * @param token the bridged token
 * @param amount what was paid
 */
public record BridgeFallback(Address payee, Address token, BigInteger amount) {

    public BridgeFallback {
        Objects.requireNonNull(payee, "payee");
        Objects.requireNonNull(token, "token");
        if (amount.signum() < 0) {
            throw new IllegalArgumentException("amount must not be negative: " + amount);
        }
    }
}
