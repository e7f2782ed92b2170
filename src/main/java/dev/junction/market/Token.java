package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.math.WholeUnits;
import java.math.BigInteger;

/**
 * A token on one chain. The native gas token has address {@link Address#NATIVE}.
 *
 * @param chain the chain it lives on
 * @param address contract (or mint) address; {@link Address#NATIVE} for the native token
 * @param decimals decimals of the smallest unit
 * @param symbol ticker
 * @param name full name
 * @param iconUrl icon URL
 * @param priceUsd reference price of one whole token in USD
 */
public record Token(ChainId chain, Address address, int decimals, String symbol, String name, String iconUrl,
        double priceUsd) {

    public boolean isNative() {
        return address.isNative();
    }

    /** USD value of an amount in smallest units at the reference price (floating point: USD only). */
    public double usd(BigInteger amount) {
        return WholeUnits.of(amount, decimals) * priceUsd;
    }

    /** Key that identifies this token across the market: chain and lower-case address. */
    public TokenKey key() {
        return new TokenKey(chain, address.lower());
    }
}
