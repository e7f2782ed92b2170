package dev.junction.execution.relayer;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code junction.relayer.*}: the key that signs the relayer's transactions on real chains and how they are followed.
 * The relayer is off unless a key and at least one node are configured.
 *
 * @param privateKey the relayer's private key (hex); also read from the environment variable
 *     {@code JUNCTION_RELAYER_PRIVATE_KEY}. Never logged, never in an API response ({@link #toString()} hides it)
 * @param rpcUrls JSON-RPC URL of a node per chain id ({@code junction.relayer.rpc-urls.31337=http://...})
 * @param confirmations blocks (the including one counts) after which a relayed transaction is final
 * @param replaceAfterBlocks blocks without a receipt after which a transaction is replaced with higher fees
 * @param feeBumpPerMille fee raise of a replacement, per mille (>= 125: 12.5%)
 * @param gasLimitPerMille margin on eth_estimateGas, per mille
 * @param pollIntervalMs how often the runner follows open transactions (wall clock)
 */
@ConfigurationProperties("junction.relayer")
public record RelayerProperties(String privateKey, Map<Long, String> rpcUrls, @DefaultValue("2") int confirmations,
        @DefaultValue("3") int replaceAfterBlocks, @DefaultValue("125") int feeBumpPerMille,
        @DefaultValue("1200") int gasLimitPerMille, @DefaultValue("1000") long pollIntervalMs) {

    public RelayerProperties {
        rpcUrls = rpcUrls == null ? Map.of() : Map.copyOf(rpcUrls);
        new RelayerPolicy(confirmations, replaceAfterBlocks, feeBumpPerMille, gasLimitPerMille);
        if (pollIntervalMs < 1) {
            throw new IllegalArgumentException("junction.relayer.poll-interval-ms must be >= 1");
        }
    }

    /** Whether a key and at least one node are configured. */
    public boolean enabled() {
        return privateKey != null && !privateKey.isBlank() && !rpcUrls.isEmpty();
    }

    public RelayerPolicy policy() {
        return new RelayerPolicy(confirmations, replaceAfterBlocks, feeBumpPerMille, gasLimitPerMille);
    }

    @Override
    public String toString() {
        return "RelayerProperties[privateKey=" + (privateKey == null ? "unset" : "(hidden)") + ", rpcUrls="
                + rpcUrls.keySet() + ", confirmations=" + confirmations + ", replaceAfterBlocks=" + replaceAfterBlocks
                + ", feeBumpPerMille=" + feeBumpPerMille + ", gasLimitPerMille=" + gasLimitPerMille
                + ", pollIntervalMs=" + pollIntervalMs + "]";
    }
}
