package dev.junction.protocol;

import dev.junction.chain.Address;

/**
 * One read-only call chain mode makes at a block: its target and its call data ({@code 0x} hex). A room describes its
 * discovery and reads as these; chain mode sends every room's calls of a round together.
 */
public record ContractCall(Address target, String data) {
}
