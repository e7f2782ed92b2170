package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.ChainFreshness;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import org.springframework.stereotype.Component;

/**
 * Checks that chains and tokens are ones Junction serves (1005, 1006), against the market's current snapshot, and that
 * a chain's state is fresh ({@link ChainFreshness}: chain mode's chain market; in the sandbox every chain is).
 */
@Component
class MarketGate {

    private final Market market;
    private final ChainFreshness freshness;

    MarketGate(Market market, ChainFreshness freshness) {
        this.market = market;
        this.freshness = freshness;
    }

    /** The snapshot one request is checked against. */
    Served served() {
        return new Served(market.current(), freshness);
    }

    /** The chains and tokens of one snapshot. */
    static final class Served {

        private final MarketSnapshot snapshot;
        private final ChainFreshness freshness;

        Served(MarketSnapshot snapshot, ChainFreshness freshness) {
            this.snapshot = snapshot;
            this.freshness = freshness;
        }

        /**
         * Requires that the chain's market state is fresh (chain mode): a stale chain is 9005 naming it
         * ({@link dev.junction.market.StaleChainException}).
         */
        void requireFresh(Chain chain) {
            freshness.requireFresh(chain.id());
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
