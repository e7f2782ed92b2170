package dev.junction.calldata;

import dev.junction.chain.ChainId;

/**
 * A route step's provider has no Junction adapter on the step's chain: the route can be quoted but not built there.
 * The api maps it to 3008 (422) naming the provider and the chain.
 */
public class ProviderNotExecutableException extends CalldataException {

    private final String provider;
    private final ChainId chain;

    public ProviderNotExecutableException(String provider, ChainId chain) {
        this(provider, chain, "which has no Junction adapter on chain " + chain);
    }

    /** The provider cannot be built on {@code chain} for {@code why} (a clause after the provider's name). */
    public ProviderNotExecutableException(String provider, ChainId chain, String why) {
        super("providers", "includes " + provider + ", " + why
                + ": the route can be quoted but not built there (exclude the provider to get a route that can be)");
        this.provider = provider;
        this.chain = chain;
    }

    public String provider() {
        return provider;
    }

    public ChainId chain() {
        return chain;
    }
}
