package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.Abi.Value;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Junction's receiver of a bridge's destination legs on one chain, as the bridge's room declares it
 * ({@link BridgeProtocol#legReceiver}; CCTP: {@code JunctionCctpReceiver}): the contract a deposit carrying a destination
 * leg pays on the destination chain, which redeems the transfer and the leg's message and hands both to the router
 * through its bridge-messenger entry point ({@code handleV3AcrossMessage}). deploy.JunctionContracts derives its CREATE2
 * address; the deploy command deploys it, registers it with the router ({@code setBridgeMessenger}) and registers on
 * it every other chain's adapter of the bridge under that chain's bridge number ({@link #SET_REMOTE_ADAPTER}).
 *
 * @param artifact the contract's name among the build's compiled contracts ({@code contracts/<artifact>.json})
 * @param constructorArguments the room's ABI-encoded constructor arguments AFTER the first two (the owner and the
 *     router, which deploy.JunctionContracts prepends); encode them with {@link #argumentsAfterOwnerAndRouter}
 * @param remoteNumbers the bridge's own number of each chain it serves (CCTP: Circle's domain), under which a
 *     receiver registers that chain's adapter
 */
public record LegReceiver(String artifact, byte[] constructorArguments, Map<ChainId, Integer> remoteNumbers) {

    /** The owner's registration of another chain's adapter: {@code (uint32 remoteNumber, bytes32 adapter)}. */
    public static final String SET_REMOTE_ADAPTER = "setRemoteAdapter(uint32,bytes32)";
    /** The registered adapter of a remote number: {@code remoteAdapter(uint32) returns (bytes32)}. */
    public static final String REMOTE_ADAPTER = "remoteAdapter(uint32)";

    public LegReceiver {
        Objects.requireNonNull(artifact, "artifact");
        constructorArguments = constructorArguments.clone();
        remoteNumbers = Map.copyOf(remoteNumbers);
    }

    @Override
    public byte[] constructorArguments() {
        return constructorArguments.clone();
    }

    /** The bridge's number of {@code chain}, empty when the bridge does not serve it. */
    public OptionalInt remoteNumber(ChainId chain) {
        Integer n = remoteNumbers.get(chain);
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /**
     * The ABI encoding of a receiver's constructor arguments after its owner and router: encoded with two zero words in
     * their place, which are then dropped (so a dynamic argument's offset counts them).
     */
    public static byte[] argumentsAfterOwnerAndRouter(Value... arguments) {
        Value[] all = new Value[arguments.length + 2];
        all[0] = Abi.address(Address.ZERO);
        all[1] = Abi.address(Address.ZERO);
        System.arraycopy(arguments, 0, all, 2, arguments.length);
        byte[] encoded = Abi.encode(all);
        return Arrays.copyOfRange(encoded, 64, encoded.length);
    }
}
