package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.Abi.Value;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The Junction adapter a room deploys for one configured provider (deploy.JunctionContracts derives its CREATE2
 * address from the artifact's bytecode and these constructor arguments).
 *
 * @param artifact the contract's name among the build's compiled contracts ({@code contracts/<artifact>.json})
 * @param constructorArguments the room's ABI-encoded constructor arguments AFTER the first one (empty for none): every
 *     adapter's first constructor argument is its router (contracts' {@code RouterOnly}), which
 *     deploy.JunctionContracts prepends as one word; rooms never add it. Encode them with {@link #argumentsAfterRouter}
 *     (a dynamic argument's offset must count the router's word)
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

    /**
     * The ABI encoding of an adapter's constructor arguments after its router: encoded with a zero word in the
     * router's place, which is then dropped, so the offsets of dynamic arguments (e.g. an {@code address[]}) count the
     * router's word that deploy.JunctionContracts prepends.
     */
    public static byte[] argumentsAfterRouter(Value... arguments) {
        Value[] withRouter = new Value[arguments.length + 1];
        withRouter[0] = Abi.address(Address.ZERO);
        System.arraycopy(arguments, 0, withRouter, 1, arguments.length);
        byte[] encoded = Abi.encode(withRouter);
        return Arrays.copyOfRange(encoded, 32, encoded.length);
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
