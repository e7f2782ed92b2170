package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What chain-mode /status follows for a bridge: its deposit in the source transaction's receipt, then its fill on the
 * destination chain, searched with {@code eth_getLogs} on the bridge's destination contract by
 * {@link #fillTopics}. Pure functions over logs: the status module reads the nodes (and answers the few getters a
 * bridge's fill contract needs, {@link AddressReader}).
 */
public interface BridgeTracking {

    /**
     * An address getter of a contract on the destination chain, as its node answers it (the status module reads it
     * once per chain and contract); empty when the contract does not answer it.
     */
    @FunctionalInterface
    interface AddressReader {
        Optional<Address> read(Address contract, String getter);
    }

    /**
     * The deposit to {@code destination} that the bridge's {@code contract} emitted in these logs, if any.
     *
     * @param contract the bridge's contract on the source chain (configured for the chain)
     */
    Optional<BridgeDeposit> deposit(List<LogEntry> logs, Address contract, ChainId destination);

    /**
     * The deposit to {@code destination} that the configured {@code bridge}'s contract emitted in these logs, if any:
     * by default {@link #deposit(List, Address, ChainId)}; a bridge whose event does not name the destination token
     * reads it from the bridge's configured lanes (CCTP: the destination chain's USDC).
     */
    default Optional<BridgeDeposit> deposit(List<LogEntry> logs, ChainSettings.Bridge bridge, ChainId destination) {
        return deposit(logs, bridge.contract(), destination);
    }

    /** The topic filter of the {@code eth_getLogs} that finds the fill of {@code deposit} made on {@code origin}. */
    List<List<Bytes32>> fillTopics(ChainId origin, BridgeDeposit deposit);

    /** A log that filter found, read as the fill. */
    BridgeFill fill(LogEntry log);

    /**
     * A log that {@link #fillTopics} found on {@link #fillContract}, read as the fill of {@code deposit} made on
     * {@code origin}; empty when it is another deposit's: by default every log found is the fill (the topics name the
     * deposit); CCTP's plain mint checks what the topics cannot (the source domain and the burn message).
     */
    default Optional<BridgeFill> fill(LogEntry log, ChainId origin, BridgeDeposit deposit) {
        return Optional.of(fill(log));
    }

    /**
     * The destination contract whose logs {@link #fillTopics} searches: by default the bridge's contract configured on
     * the destination chain (Across: its SpokePool); a bridge whose fill another contract emits names it (CCTP: the
     * deposit's mint recipient, Junction's receiver, for a leg; the MessageTransmitter that the destination
     * TokenMessenger names, read with {@code reader}, for a plain burn). Empty when {@code reader} had no answer.
     */
    default Optional<Address> fillContract(BridgeDeposit deposit, Address destinationBridge, AddressReader reader) {
        return Optional.of(destinationBridge);
    }

    /**
     * Whether the fill paid the destination router (which then ran the route's destination leg or call in the same
     * transaction): by default when the deposit went through a Junction receiver (which hands the funds to the
     * router) or the fill's recipient is that router.
     */
    default boolean deliversToRouter(BridgeDeposit deposit, BridgeFill fill, Address destinationRouter) {
        return deposit.viaReceiver() || destinationRouter.equals(fill.recipient());
    }

    /**
     * What a deposit's fill waits for besides the bridge's relayers, said in the pending answer (ends without a
     * period); empty by default (CCTP's plain burn: Circle's attestation and a {@code receiveMessage} that Junction
     * does not send).
     */
    default Optional<String> fillAwaits(BridgeDeposit deposit, ChainId origin) {
        return Optional.empty();
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
