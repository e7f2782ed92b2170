package dev.junction.protocol;

import dev.junction.chain.Address;
import java.util.function.Function;

/**
 * One pool chain mode looks for at its cold load: the call that names it (a factory's {@code getPair} or
 * {@code getPool}, answering the pool's address, {@code address(0)} when there is none) and the not-yet-read state of
 * the pool found at the address it answers.
 */
public record PoolLookup(ContractCall call, Function<Address, PoolState> found) {
}
