package dev.junction.protocol;

import dev.junction.market.BridgeLane;
import dev.junction.nodes.ChainSettings;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

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

    /**
     * Whether a deposit over {@code lane} can carry a route's destination leg (the steps after it and the destination
     * call) as a message that runs on the destination chain: Across's deposit message, which its SpokePool hands to the
     * destination router; CCTP V1's second Circle message, which Junction's receiver redeems with the mint
     * ({@link #deliversThroughReceiver()}). A bridge that cannot (or a lane it cannot on, CCTP V2) pays its recipient
     * and runs nothing: on a chain with deployed contracts nothing may follow it.
     */
    boolean carriesMessage(BridgeLane lane);

    /**
     * Whether the destination leg reaches the router through Junction's own receiver of this bridge on the destination
     * chain ({@link #legReceiver}) rather than from the bridge's contract: the deposit then pays that receiver (the
     * mint recipient), which redeems the transfer and the message together and hands both to the router; the leg can
     * be built only where that receiver is deployed. False (the default) for a bridge whose own contract calls the
     * router (Across).
     */
    default boolean deliversThroughReceiver() {
        return false;
    }

    /**
     * Junction's receiver of this bridge's destination legs that the deploy command deploys on a chain with this bridge
     * ({@code bridge}: its settings there); empty (the default) for a bridge without one.
     */
    default Optional<LegReceiver> legReceiver(ChainSettings.Bridge bridge) {
        return Optional.empty();
    }

    /**
     * Gas units Junction's relayer spends on the destination chain to redeem a deposit over {@code lane} that carries a
     * destination leg, besides the leg's steps and the destination call: present for a bridge whose leg Junction's
     * relayer runs and is paid for from the deposit (CCTP V1), which the planner charges to the bridge step with the
     * leg's steps and call at the destination's gas price; empty (the default) when the bridge's own delivery pays it
     * (Across's filler, in its fee) or no leg can follow the lane.
     */
    default OptionalLong legRedeemGas(BridgeLane lane) {
        return OptionalLong.empty();
    }

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
