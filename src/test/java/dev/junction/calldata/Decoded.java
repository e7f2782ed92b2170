package dev.junction.calldata;

import dev.junction.chain.Hex;
import java.util.Arrays;
import java.util.List;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Type;

/**
 * Test-side decoding with web3j's own decoder (FunctionReturnDecoder), independent of the encoder's code path; router
 * calls through {@link RouterCallDecoder}.
 */
final class Decoded {

    private Decoded() {
    }

    /** The call's selector as {@code 0x} + 8 hex digits. */
    static String selector(byte[] call) {
        return Hex.encode(Arrays.copyOf(call, 4));
    }

    /** Decodes the arguments after the selector with the given types. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static List<Type> args(byte[] call, List<TypeReference<?>> types) {
        String hex = Hex.encode(Arrays.copyOfRange(call, 4, call.length));
        return FunctionReturnDecoder.decode(hex, (List) types);
    }

    /** Decodes a plain {@code abi.encode(...)} payload. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static List<Type> payload(byte[] encoded, List<TypeReference<?>> types) {
        return FunctionReturnDecoder.decode(Hex.encode(encoded), (List) types);
    }

    /** executeRoute's arguments read back. */
    static RouterCallDecoder.Route executeRoute(byte[] call) {
        return RouterCallDecoder.executeRoute(call);
    }

    /** A destination message {@code abi.encode(RouteParams, Step[])} read back. */
    static RouterCallDecoder.Route destinationMessage(byte[] message) {
        return RouterCallDecoder.destinationMessage(message);
    }
}
