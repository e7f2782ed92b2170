package dev.junction.market;

import dev.junction.chain.ChainId;

/**
 * A token's identity in the market: its chain and its address in lower case (EVM) or as given (Solana).
 */
public record TokenKey(ChainId chain, String address) {
}
