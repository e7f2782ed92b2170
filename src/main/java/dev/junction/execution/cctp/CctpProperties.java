package dev.junction.execution.cctp;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code junction.cctp.*}: Junction's CCTP redeemer (chain mode, with a relayer key): it follows the {@code CctpLegSent}
 * logs of each chain's {@code CctpAdapter}, asks Circle's Iris for both messages' attestations and sends the
 * destination receiver's {@code redeem} with the relayer's key.
 *
 * @param attestationUrl Iris's base URL: {@code https://iris-api.circle.com} (mainnet), {@code
 *     https://iris-api-sandbox.circle.com} (testnet)
 * @param attestationTimeout connect and answer timeout of one Iris request
 * @param pollInterval how often the redeemer reads new legs and asks Iris about pending ones (also the first wait
 *     after a failure, doubled per failure up to {@link #MAX_BACKOFF})
 * @param startBlocks per source chain id, the first block to read at the redeemer's first start there (absent: the
 *     chain's head then); later starts resume where the last one stopped
 * @param redeem false to turn the redeemer off (another party redeems Junction's CCTP legs)
 */
@ConfigurationProperties("junction.cctp")
public record CctpProperties(@DefaultValue("https://iris-api.circle.com") URI attestationUrl,
        @DefaultValue("10s") Duration attestationTimeout, @DefaultValue("5s") Duration pollInterval,
        Map<Long, Long> startBlocks, @DefaultValue("true") boolean redeem) {

    /** Longest wait between two attempts of a failing row. */
    static final Duration MAX_BACKOFF = Duration.ofMinutes(10);
    /** Longest wait between two questions to Iris about a message it has not attested yet. */
    static final Duration MAX_ATTESTATION_WAIT = Duration.ofMinutes(1);

    public CctpProperties {
        startBlocks = startBlocks == null ? Map.of() : Map.copyOf(startBlocks);
        if (attestationTimeout.isNegative() || attestationTimeout.isZero()) {
            throw new IllegalArgumentException("junction.cctp.attestation-timeout must be positive");
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("junction.cctp.poll-interval must be positive");
        }
        startBlocks.forEach((chain, block) -> {
            if (block < 0) {
                throw new IllegalArgumentException("junction.cctp.start-blocks." + chain + " must be >= 0");
            }
        });
    }

    /** The wait before the next attempt after {@code failures} failed ones: poll interval x 2^(failures-1), capped. */
    long backoffMs(int failures) {
        long base = pollInterval.toMillis();
        int shift = Math.min(Math.max(0, failures - 1), 20);
        return Math.min(MAX_BACKOFF.toMillis(), base << shift);
    }

    /**
     * The wait before asking Iris again about a leg recorded {@code ageMs} ago that is not attested yet: a tenth of its
     * age, at least the poll interval, at most a minute. Circle attests a burn after its chain's finality (seconds on
     * some chains, 13 to 19 minutes from Ethereum), and Iris allows 35 requests a second: a leg waiting long is asked
     * less often.
     */
    long attestationWaitMs(long ageMs) {
        return Math.min(MAX_ATTESTATION_WAIT.toMillis(), Math.max(pollInterval.toMillis(), ageMs / 10));
    }
}
