package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.market.Chain;

/**
 * A validated {@code GET /status} request.
 *
 * @param txHash source-chain transaction hash
 * @param fromChainId the source chain (a served chain)
 * @param userAddress the wallet that started the route, or null
 */
public record StatusRequest(TxHash txHash, ChainId fromChainId, Address userAddress) {

    static final String[] REQUIRED = {"txHash", "fromChainId"};

    static StatusRequest parse(QueryParams q, MarketGate.Served served) {
        q.requireAll(REQUIRED);
        TxHash hash;
        try {
            hash = new TxHash(q.required("txHash"));
        } catch (IllegalArgumentException e) {
            throw ParamRules.invalid("txHash", "0x followed by 64 hex digits");
        }
        Chain chain = served.chain("fromChainId", q.required("fromChainId"));
        Address user = q.optional("userAddress").map(t -> MarketGate.Served.wallet("userAddress", chain, t))
                .orElse(null);
        return new StatusRequest(hash, chain.id(), user);
    }
}
