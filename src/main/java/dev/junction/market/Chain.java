package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;

/**
 * A chain Junction serves.
 *
 * @param id chain id
 * @param key short key, e.g. {@code eth}, {@code arb}
 * @param name display name
 * @param logoUrl logo URL
 * @param nativeSymbol symbol of the native gas token (its address is {@link Address#NATIVE})
 * @param nativeDecimals decimals of the native token
 * @param wrappedNative address of the wrapped native token on this chain
 * @param blockTimeMs average block time in milliseconds
 * @param confirmations blocks to finality Junction waits for
 * @param baseFeeWei base fee per gas, wei
 * @param priorityFeeWei priority fee per gas, wei
 * @param l1DataFeeWei for rollups, the L1 data fee per transaction in native wei; zero elsewhere
 * @param router Junction's router on this chain (EVM), null where Junction has none (Solana)
 * @param gaslessExecutor Junction's gasless executor on this chain (the Permit2 spender), null where none
 * @param evm whether the chain is EVM (false for Solana: quoting only)
 */
public record Chain(ChainId id, String key, String name, String logoUrl, String nativeSymbol, int nativeDecimals,
        Address wrappedNative, int blockTimeMs, int confirmations, BigInteger baseFeeWei, BigInteger priorityFeeWei,
        BigInteger l1DataFeeWei, Address router, Address gaslessExecutor, boolean evm) {

    /** Gas price paid per unit, wei: base + priority. */
    public BigInteger gasPriceWei() {
        return baseFeeWei.add(priorityFeeWei);
    }
}
