package dev.junction.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.junction.calldata.Transaction;

/**
 * The Transaction object (interface 2.6) on the wire: {@code data} of {@code POST /build-path}, {@code data.Tx} of
 * {@code GET /build-best-path}. {@code value} is Junction's addition to 2.6.
 *
 * @param allowanceTarget where the ERC-20 approval goes: the router (acquisitionMode 0), Permit2 (2, 3), the zero
 *     address for native input
 * @param chain the source chain id
 * @param data the calldata, 0x-hex: {@code executeRoute(RouteParams, Step[])} of contracts/abi/JunctionRouter.json
 * @param expiry the quote's expiry, Unix seconds
 * @param gasLimit gas units (decimal string): the route's estimate plus 20%
 * @param simulation true only when the transaction ran on the embedded network and succeeded
 * @param to Junction's router on the source chain
 * @param value wei to send (decimal string): the input amount for native input, "0" otherwise
 */
@JsonPropertyOrder({"allowanceTarget", "chain", "data", "expiry", "gasLimit", "simulation", "to", "value"})
public record TransactionResponse(String allowanceTarget, long chain, String data, long expiry, String gasLimit,
        boolean simulation, String to, String value) {

    /** The wire form of a built transaction. */
    public static TransactionResponse of(Transaction tx) {
        return new TransactionResponse(tx.allowanceTarget().value(), tx.chain().value(), tx.data(), tx.expiry(),
                tx.gasLimit().toString(), tx.simulation(), tx.to().value(), tx.value().toString());
    }
}
