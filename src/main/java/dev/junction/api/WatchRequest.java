package dev.junction.api;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * A validated {@code POST /status/watch} body, or the query of {@code GET /status/stream}.
 *
 * @param txHash the route's source transaction
 * @param fromChainId its chain (a served chain)
 */
public record WatchRequest(TxHash txHash, ChainId fromChainId) {

    static final String[] REQUIRED = {"txHash", "fromChainId"};

    static WatchRequest parse(BodyParams b, MarketGate.Served served) {
        b.requireAll(REQUIRED);
        String hash = b.string("txHash", ErrorCode.INVALID_PARAMETER, "0x followed by 64 hex digits").orElseThrow();
        String chain = b.integer("fromChainId", "a JSON integer from 0 to 9223372036854775807").orElseThrow();
        return of(hash, chain, served);
    }

    static WatchRequest parse(QueryParams q, MarketGate.Served served) {
        q.requireAll(REQUIRED);
        return of(q.required("txHash"), q.required("fromChainId"), served);
    }

    private static WatchRequest of(String hash, String chain, MarketGate.Served served) {
        TxHash tx;
        try {
            tx = new TxHash(hash);
        } catch (IllegalArgumentException e) {
            throw ParamRules.invalid("txHash", "0x followed by 64 hex digits");
        }
        return new WatchRequest(tx, served.chain("fromChainId", chain).id());
    }
}
