package dev.junction.devnet;

import java.math.BigInteger;
import java.util.List;

/**
 * A wallet transaction included in a devnet block, with its receipt.
 *
 * @param status 1 success, 0 reverted (then only the nonce and the gas moved)
 * @param revertReason the revert message when status is 0, else null
 * @param input calldata, 0x hex
 * @param logs logs in emission order (empty when reverted)
 * @param swapId for a router call, the executor's swap; else null
 */
record MinedTx(String hash, long chainId, int type, String from, long nonce, String to, BigInteger value, String input,
        BigInteger gasLimit, BigInteger gasPrice, BigInteger maxFee, BigInteger maxPriorityFee,
        BigInteger effectiveGasPrice, long gasUsed, int status, String revertReason, long blockNumber, int txIndex,
        String v, String r, String s, List<EvmAbi.Log> logs, String swapId) {

    /** Whether the transaction is waiting for the executor (a router call whose source transaction has not run). */
    boolean pending() {
        return blockNumber < 0;
    }
}
