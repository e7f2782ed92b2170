package dev.junction.gasless;

/**
 * The witness a mode-3 permit binds: {@link SwapWitness} (the sandbox's executor) or {@link RouteWitness} (Junction's
 * router on a real chain, {@code JunctionRoute}). Its type name becomes the {@code witness} member's type.
 */
public sealed interface PermitWitness extends Eip712Struct permits SwapWitness, RouteWitness {
}
