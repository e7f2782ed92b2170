package dev.junction.calldata.protocol;

import dev.junction.calldata.CalldataException;
import dev.junction.chain.ChainId;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The chain numbers bridges use instead of EIP-155 ids. Sources: Circle "CCTP supported domains" (V1: 0-10; Linea 11
 * is CCTP V2 only), LayerZero V2 "deployed contracts" endpoint ids (30xxx = mainnet), Wormhole chain ids.
 */
public final class Ids {

    private static final long SOLANA = ChainId.SOLANA.value();

    /** Circle CCTP domain by chain id. */
    static final Map<Long, Integer> CCTP_DOMAIN = Map.of(
            1L, 0, 43114L, 1, 10L, 2, 42161L, 3, SOLANA, 5, 8453L, 6, 137L, 7, 130L, 10, 59144L, 11);

    /** Domains served by CCTP V1's TokenMessenger (the 4-argument depositForBurn); the others need V2. */
    static final Set<Integer> CCTP_V1_DOMAINS = Set.of(0, 1, 2, 3, 5, 6, 7, 10);

    /** LayerZero V2 endpoint id (eid) by chain id, as Stargate V2's SendParam.dstEid wants it. */
    static final Map<Long, Integer> LAYERZERO_EID = Map.of(
            1L, 30101, 56L, 30102, 43114L, 30106, 137L, 30109, 42161L, 30110, 10L, 30111, 59144L, 30183,
            8453L, 30184, SOLANA, 30168);

    /** Wormhole chain id by chain id. */
    static final Map<Long, Integer> WORMHOLE_CHAIN = Map.of(
            SOLANA, 1, 1L, 2, 56L, 4, 137L, 5, 43114L, 6, 42161L, 23, 10L, 24, 8453L, 30, 59144L, 38);

    private Ids() {
    }

    /** The CCTP domain of a chain, empty when CCTP does not serve it. */
    public static OptionalInt cctpDomain(ChainId chain) {
        Integer d = CCTP_DOMAIN.get(chain.value());
        return d == null ? OptionalInt.empty() : OptionalInt.of(d);
    }

    static int require(Map<Long, Integer> table, ChainId chain, String what, String parameter) {
        Integer id = table.get(chain.value());
        if (id == null) {
            throw new CalldataException(parameter, "is chain " + chain + ", which " + what + " does not serve");
        }
        return id;
    }
}
