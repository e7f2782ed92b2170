package dev.junction.execution.relayer;

/**
 * How the relayer waits and bumps.
 *
 * @param confirmations blocks (the including one counts) after which an included transaction is final
 * @param replaceAfterBlocks head blocks without a receipt after which the transaction is replaced (same nonce)
 * @param feeBumpPerMille how much a replacement raises both fees, per mille; at least 125 (12.5%: nodes refuse a
 *     replacement below 10%, some below 12.5%)
 * @param gasLimitPerMille margin on {@code eth_estimateGas} when no gas limit is given, per mille (1200 = +20%)
 */
public record RelayerPolicy(int confirmations, int replaceAfterBlocks, int feeBumpPerMille, int gasLimitPerMille) {

    public RelayerPolicy {
        if (confirmations < 1) {
            throw new IllegalArgumentException("junction.relayer.confirmations must be >= 1");
        }
        if (replaceAfterBlocks < 1) {
            throw new IllegalArgumentException("junction.relayer.replace-after-blocks must be >= 1");
        }
        if (feeBumpPerMille < 125) {
            throw new IllegalArgumentException("junction.relayer.fee-bump-per-mille must be >= 125 (12.5%)");
        }
        if (gasLimitPerMille < 1000) {
            throw new IllegalArgumentException("junction.relayer.gas-limit-per-mille must be >= 1000");
        }
    }
}
