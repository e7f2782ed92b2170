package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.ChainFreshness;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Checks that chains and tokens are ones Junction serves (1005, 1006), against the market's current snapshot. Without a
 * {@link Market} bean no request can be checked and the answer is 9005 UNAVAILABLE.
 */
@Component
class MarketGate {

    private final ObjectProvider<Market> market;
    private final ObjectProvider<ChainFreshness> freshness;
    /**
     * The beans once the market is found: a bean-factory lookup per request cost more than the rest of the checks.
     * Until then (no market bean yet) every request looks again. Chain freshness exists in chain mode only; whether it
     * does is fixed by the context's bean definitions, so it is looked up once, with the market.
     */
    private volatile Beans resolved;

    MarketGate(ObjectProvider<Market> market, ObjectProvider<ChainFreshness> freshness) {
        this.market = market;
        this.freshness = freshness;
    }

    /** The snapshot one request is checked against. */
    Served served() {
        Beans beans = resolved;
        if (beans == null) {
            Market m = market.getIfAvailable();
            if (m == null) {
                throw new ApiException(ErrorCode.UNAVAILABLE,
                        "market data is not loaded, so no chain can be served yet");
            }
            beans = new Beans(m, freshness.getIfAvailable());
            resolved = beans;
        }
        return new Served(beans.market().current(), beans.freshness());
    }

    /** @param freshness null outside chain mode: every chain is fresh */
    private record Beans(Market market, ChainFreshness freshness) {
    }

    /** The chains and tokens of one snapshot. */
    static final class Served {

        private final MarketSnapshot snapshot;
        private final ChainFreshness freshness;

        Served(MarketSnapshot snapshot, ChainFreshness freshness) {
            this.snapshot = snapshot;
            this.freshness = freshness;
        }

        Served(MarketSnapshot snapshot) {
            this(snapshot, null);
        }

        /**
         * Requires that the chain's market state is fresh (chain mode): a stale chain is 9005 naming it
         * ({@link dev.junction.market.StaleChainException}).
         */
        void requireFresh(Chain chain) {
            if (freshness != null) {
                freshness.requireFresh(chain.id());
            }
        }

        /** The snapshot itself, for endpoints that list what the market holds (discovery). */
        MarketSnapshot snapshot() {
            return snapshot;
        }

        /** Parses a chain parameter (1002) and requires that Junction serves it (1005). */
        Chain chain(String name, String text) {
            ChainId id = ParamRules.chain(name, text);
            return snapshot.chain(id).orElseThrow(() -> new ApiException(ErrorCode.UNSUPPORTED_CHAIN,
                    name + " " + id + " is not a chain Junction serves", name));
        }

        /** Parses a token parameter on a chain (1003) and requires that the chain lists it (1006). */
        Address token(String name, Chain chain, String text) {
            Address a = ParamRules.token(name, text, !chain.evm());
            if (snapshot.token(chain.id(), a).isEmpty()) {
                throw new ApiException(ErrorCode.UNSUPPORTED_TOKEN,
                        name + " " + a + " is not a token listed on chain " + chain.id(), name);
            }
            return a;
        }

        /** Parses a wallet address on a chain (1003). */
        static Address wallet(String name, Chain chain, String text) {
            return ParamRules.wallet(name, text, !chain.evm());
        }
    }
}
