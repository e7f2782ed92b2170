package dev.junction.execution.relayer;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code junction.relayer.*}: the key that signs the relayer's transactions on real chains and how they are followed.
 * The relayer sends on every chain of {@code junction.chains.<id>} (its {@code rpc-url}/{@code rpc-urls} and
 * {@code confirmations}) once a key is configured; it is off without a key.
 *
 * @param privateKey the relayer's private key (hex); also read from the environment variable
 *     {@code JUNCTION_RELAYER_PRIVATE_KEY}. Never logged, never in an API response ({@link #toString()} hides it)
 * @param rpcUrls legacy: a node per chain id not under {@code junction.chains} ({@code
 *     junction.relayer.rpc-urls.31337=http://...}); {@code junction.chains.<id>.rpc-url} wins for a chain in both
 * @param confirmations blocks (the including one counts) after which a relayed transaction is final, on a chain of
 *     {@code rpc-urls} (a chain of {@code junction.chains} uses its own {@code confirmations}, at least 1)
 * @param replaceAfterBlocks blocks without a receipt after which a transaction is replaced with higher fees
 * @param feeBumpPerMille fee raise of a replacement, per mille (>= 125: 12.5%)
 * @param gasLimitPerMille margin on eth_estimateGas, per mille
 * @param pollIntervalMs how often the runner follows open transactions (wall clock)
 * @param feeRecipient where gasless swaps pay the relayer's fee (the route's feeRecipient); default the relayer's
 *     own account
 */
@ConfigurationProperties("junction.relayer")
public record RelayerProperties(String privateKey, Map<Long, String> rpcUrls, @DefaultValue("2") int confirmations,
        @DefaultValue("3") int replaceAfterBlocks, @DefaultValue("125") int feeBumpPerMille,
        @DefaultValue("1200") int gasLimitPerMille, @DefaultValue("1000") long pollIntervalMs, String feeRecipient) {

    public RelayerProperties {
        rpcUrls = rpcUrls == null ? Map.of() : Map.copyOf(rpcUrls);
        new RelayerPolicy(confirmations, replaceAfterBlocks, feeBumpPerMille, gasLimitPerMille);
        if (pollIntervalMs < 1) {
            throw new IllegalArgumentException("junction.relayer.poll-interval-ms must be >= 1");
        }
    }

    /** Whether a key is configured (the relayer then runs on every chain it has a node for). */
    public boolean enabled() {
        return privateKey != null && !privateKey.isBlank();
    }

    public RelayerPolicy policy() {
        return new RelayerPolicy(confirmations, replaceAfterBlocks, feeBumpPerMille, gasLimitPerMille);
    }

    @Override
    public String toString() {
        return "RelayerProperties[privateKey=" + (privateKey == null ? "unset" : "(hidden)") + ", rpcUrls="
                + rpcUrls.keySet() + ", confirmations=" + confirmations + ", replaceAfterBlocks=" + replaceAfterBlocks
                + ", feeBumpPerMille=" + feeBumpPerMille + ", gasLimitPerMille=" + gasLimitPerMille
                + ", pollIntervalMs=" + pollIntervalMs + ", feeRecipient=" + feeRecipient + "]";
    }
}
