package dev.junction.status;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The {@code data} of GET /status (interface object 2.12). Every field is always present; absent values are null.
 *
 * @param destTxDetails the destination transaction (or, for REFUNDED, the refund on the source chain); null until there
 *     is one
 * @param details substatus, message, received token for PARTIAL/REFUNDED, and when to poll next
 * @param fromAsset what the user sends
 * @param kind {@code gasless} or {@code direct}
 * @param provider the bridge, or the DEX of a same-chain swap
 * @param routeKind {@code sameChainSwap}, {@code bridge} or {@code crossChainSwap}
 * @param srcTxDetails the source transaction
 * @param status PENDING, DONE, FAILED, REFUNDED, EXPIRED or NOT_FOUND
 * @param swapId Junction's swap id
 * @param executorTxId the executor's job id
 * @param toAsset what the user receives (amount: actual once DONE, the guaranteed minimum while PENDING, 0 when the
 *     requested token was not delivered)
 * @param updatedAtMs time of the swap's last change, epoch ms on the simulation clock
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "StatusResult", description = "Status of a tracked swap (2.12).")
public record StatusResult(TxDetails destTxDetails, Details details, Asset fromAsset, String kind, ProviderRef provider,
        String routeKind, TxDetails srcTxDetails, SwapStatus status, String swapId, String executorTxId, Asset toAsset,
        Long updatedAtMs) {

    /**
     * The answer for a hash Junction does not know (yet).
     *
     * @param pollAfterSeconds null when polling again will not change the answer (chain mode: a mined transaction that
     *     is not a Junction route)
     */
    public static StatusResult notFound(String message, Integer pollAfterSeconds) {
        return new StatusResult(null, new Details(null, message, null, null, pollAfterSeconds), null, null, null, null,
                null, SwapStatus.NOT_FOUND, null, null, null, null);
    }

    /**
     * @param substatus finer state: RECEIVED, WAIT_SOURCE_CONFIRMATIONS, WAIT_DESTINATION_TRANSACTION,
     *     REFUND_IN_PROGRESS, COMPLETED, PARTIAL, SLIPPAGE_EXCEEDED, RETRIES_EXHAUSTED, BRIDGE_FAILED, EXPIRED_BEFORE_EXECUTION; null for
     *     NOT_FOUND
     * @param message human-readable explanation
     * @param receivedToken for PARTIAL (the bridged token) and REFUNDED (the refunded token): what the user got,
     *     with its amount; else null
     * @param receivedAmount the same amount as a base-10 string; else null
     * @param pollAfterSeconds seconds to wait before polling again; null once terminal
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "StatusDetails")
    public record Details(String substatus, String message, Asset receivedToken, String receivedAmount,
            Integer pollAfterSeconds) {
    }

    /**
     * @param amount base-10 integer string in the token's smallest unit
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "StatusAsset")
    public record Asset(long chainId, String address, String symbol, Integer decimals, String amount) {
    }

    /**
     * @param timestamp block timestamp in Unix seconds; null while the transaction is not yet included
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "StatusTxDetails")
    public record TxDetails(long chainId, String chainLogo, Long timestamp, String txHash) {
    }

    @Schema(name = "StatusProvider")
    public record ProviderRef(String key, String name) {
    }
}
