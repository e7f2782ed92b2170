package dev.junction.nodes;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import java.math.BigInteger;

/**
 * A transaction as the node knows it ({@code eth_getTransactionByHash}), mined or not.
 *
 * @param hash its hash
 * @param from the sender
 * @param to the called contract, null for a contract creation
 * @param input the calldata, 0x hex
 * @param value wei sent
 * @param gas the gas limit
 * @param blockNumber the including block, null while the transaction waits in the node's pool
 */
public record ChainTx(TxHash hash, Address from, Address to, String input, BigInteger value, BigInteger gas,
        Long blockNumber) {

    /** Whether it is in a block. */
    public boolean mined() {
        return blockNumber != null;
    }
}
