package dev.junction.execution;

/**
 * Told of every swap transaction the network includes, inside the database transaction that records it (so what the
 * listener writes commits or rolls back with the network's own record). Implemented outside execution (the devnet's
 * ledger); a Spring bean of this type is picked up by the embedded network. It must not call back into the executor.
 */
public interface SettlementListener {

    void settled(Settlement settlement);
}
