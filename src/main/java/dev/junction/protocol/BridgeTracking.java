package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.nodes.LogEntry;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What chain-mode /status follows for a bridge: its deposit in the source transaction's receipt, then its fill on the
 * destination chain, searched with {@code eth_getLogs} on the bridge's destination contract by
 * {@link #fillTopics}. Pure functions over logs: the status module reads the nodes.
 */
public interface BridgeTracking {

    /**
     * The deposit to {@code destination} that the bridge's {@code contract} emitted in these logs, if any.
     *
     * @param contract the bridge's contract on the source chain (configured for the chain)
     */
    Optional<BridgeDeposit> deposit(List<LogEntry> logs, Address contract, ChainId destination);

    /** The topic filter of the {@code eth_getLogs} that finds the fill of {@code deposit} made on {@code origin}. */
    List<List<Bytes32>> fillTopics(ChainId origin, BridgeDeposit deposit);

    /** A log that filter found, read as the fill. */
    BridgeFill fill(LogEntry log);

    /**
     * The destination contract whose logs {@link #fillTopics} searches: by default the bridge's contract configured on
     * the destination chain (Across: its SpokePool); a bridge whose fill another contract emits names it (CCTP: the
     * deposit's mint recipient, Junction's receiver).
     */
    default Address fillContract(BridgeDeposit deposit, Address destinationBridge) {
        return destinationBridge;
    }

    /**
     * Whether the fill paid the destination router (which then ran the route's destination leg or call in the same
     * transaction): by default when the fill's recipient is that router.
     */
    default boolean deliversToRouter(BridgeFill fill, Address destinationRouter) {
        return destinationRouter.equals(fill.recipient());
    }

    /**
     * What the bridge's own destination contract paid instead of the route's destination leg, in the fill's logs
     * ({@code logs}: the fill transaction's receipt), if it did: empty by default (the router's own
     * {@code DestinationFallback} says it); CCTP: Junction's receiver's {@code CctpLegFallback}, when the leg failed
     * for gas at its cap and the receiver paid the bridged USDC to the leg's receiver or fallback address.
     */
    default Optional<BridgeFallback> legFallback(List<LogEntry> logs, BridgeFill fill, Bytes32 quoteId) {
        return Optional.empty();
    }

    /**
     * The destination chain a route step's data names, when the data is this bridge's adapter data; empty when it is
     * not (read from a route's input while its transaction waits to be mined).
     */
    OptionalLong destinationChain(byte[] stepData);
}
