package dev.junction.api;

import dev.junction.chain.Address;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code junction.fees.*}.
 *
 * @param recipient the deployment's EVM address that receives the integrator fee ({@code feeBps}) of a build whose
 *     {@code Integrator} is not an EVM address; unset (the default) means such a build with a fee is refused (1002
 *     naming {@code Integrator}), because the router pays a fee only to a real recipient
 */
@ConfigurationProperties("junction.fees")
public record FeeProperties(String recipient) {

    public FeeProperties {
        if (recipient != null && !recipient.isBlank()) {
            try {
                Address.evm(recipient.trim());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("junction.fees.recipient must be an EVM address (0x and 40 hex"
                        + " digits), not " + recipient, e);
            }
        }
    }

    /** The recipient, or null when none is configured. */
    public Address recipientAddress() {
        return recipient == null || recipient.isBlank() ? null : Address.evm(recipient.trim());
    }
}
