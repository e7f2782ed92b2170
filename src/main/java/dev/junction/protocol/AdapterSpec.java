package dev.junction.protocol;

import dev.junction.chain.Address;
import java.util.Objects;
import java.util.Optional;

/**
 * The Junction adapter a room deploys for one configured provider (deploy.JunctionContracts derives its CREATE2
 * address from the artifact's bytecode and these constructor arguments).
 *
 * @param artifact the contract's name among the build's compiled contracts ({@code contracts/<artifact>.json})
 * @param constructorArguments the room's ABI-encoded constructor arguments AFTER the first one (empty for none): every
 *     adapter's first constructor argument is its router (contracts' {@code RouterOnly}), which
 *     deploy.JunctionContracts prepends as one word; rooms never add it. Static types only (a dynamic argument's
 *     offset would not account for the prepended word)
 * @param probe how /status recognises a deployed adapter of this provider, if its contract can tell
 * @param bridgeMessenger the contract the router must accept destination messages from (a bridge that delivers a
 *     route's destination leg by calling the router)
 */
public record AdapterSpec(String artifact, byte[] constructorArguments, Optional<Probe> probe,
        Optional<Address> bridgeMessenger) {

    public AdapterSpec {
        Objects.requireNonNull(artifact, "artifact");
        constructorArguments = constructorArguments.clone();
    }

    @Override
    public byte[] constructorArguments() {
        return constructorArguments.clone();
    }

    /**
     * A getter of the adapter whose answer names the provider's configured contract.
     *
     * @param getter the getter's signature, e.g. {@code factory()}
     * @param answer the address it returns for this provider's adapter
     */
    public record Probe(String getter, Address answer) {
    }
}
