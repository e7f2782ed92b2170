package dev.junction.protocol;

import dev.junction.market.BridgeLane;
import dev.junction.nodes.ChainSettings;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A bridge protocol: one room (a package under {@code dev.junction.protocol}) per bridge. {@link Protocols} finds the
 * room of a provider key by asking each room ({@link #serves(String)}); a key no room serves gets Junction's generic
 * bridge call. What a room holds today: its step encoding (and the chain numbers it needs instead of EIP-155 ids), its
 * adapter's deployment, its deposit's row in Junction's router gas table, and what /status follows for it.
 *
 * <p>What part 2 of issue 35 adds to the same rooms (not in this interface yet): the bridge's configuration and its
 * validation ({@code junction.chains.<id>.bridges.<key>}: today {@code rpc.ChainSettings.Bridge} with an Across-named
 * {@code spoke-pool} that every bridge uses for its contract), read by the chains room and handed to this room.
 */
public interface BridgeProtocol {

    /** The provider keys the room knows by name, its canonical key first. */
    List<String> providerKeys();

    /** The room's name: its canonical key (the default), e.g. {@code across}. */
    default String name() {
        return providerKeys().getFirst();
    }

    /**
     * Whether this room serves the provider key: by default, when the key starts with one of {@link #providerKeys()}
     * (case-insensitively), e.g. {@code across-v3}; a room may have its own rule.
     */
    default boolean serves(String providerKey) {
        String p = providerKey.toLowerCase(Locale.ROOT);
        return providerKeys().stream().anyMatch(p::startsWith);
    }

    /** Every step shape the room encodes. */
    List<StepShape> shapes();

    /** The shape of a deposit over {@code lane}: by default the room's one shape; some bridges call by chain. */
    default StepShape shape(BridgeLane lane) {
        return shapes().getFirst();
    }

    /** Whether the deposit carries a message for the destination router (a route's destination leg). */
    boolean carriesMessage();

    /**
     * A bridge step's {@code data}.
     *
     * @throws StepDataException when the step cannot be encoded as the request asked
     */
    byte[] stepData(BridgeStep step);

    /**
     * The adapter Junction deploys for this bridge on a chain; empty (the default) when Junction has none for it: the
     * bridge is quoted and simulated, not executed.
     */
    default Optional<AdapterSpec> adapter(ChainSettings.Bridge bridge) {
        return Optional.empty();
    }

    /**
     * The deposit's gas through Junction's router: its row in the router gas table; empty (the default) when the
     * table has none (the deposit was not measured; {@link RouterGas} says what it counts then).
     */
    default Optional<StepGas> depositGas(RouterGasTable table) {
        return Optional.empty();
    }

    /** What chain-mode /status follows for this bridge; empty (the default) when it cannot follow it. */
    default Optional<BridgeTracking> tracking() {
        return Optional.empty();
    }
}
