package dev.junction.calldata;

import dev.junction.chain.abi.AbiDecoder;
import dev.junction.chain.abi.RevertReason;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads the revert data of a failed route: the custom errors of Junction's router ({@code IJunctionRouter}, those
 * {@code JunctionRouter} and its adapters add, and the OpenZeppelin and Permit2 errors a route can meet) by selector,
 * with their arguments, as a readable message; anything else through {@link RevertReason} ({@code Error(string)},
 * {@code Panic(uint256)}, an unknown selector).
 */
public final class RouterErrors {

    /**
     * A decoded revert.
     *
     * @param name the error's name ({@code InsufficientOutput}), {@code Error} for {@code Error(string)}, null when
     *     unknown
     * @param message readable: the name, then what it means with its arguments
     */
    public record Decoded(String name, String message) {
    }

    private record Known(String name, List<String> types, Function<List<Object>, String> text) {
    }

    private static final BigInteger MAX_UINT256 = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
    private static final Map<String, Known> BY_SELECTOR = new HashMap<>();

    static {
        Map<String, Function<List<Object>, String>> texts = new HashMap<>();
        texts.put("DeadlineExpired", a -> "the route's deadline " + a.get(0) + " had passed at block time " + a.get(1));
        texts.put("InsufficientOutput", a -> (MAX_UINT256.equals(a.get(0)) ? "the route's output " + a.get(1)
                + " is below its minimum " + a.get(2)
                : "step " + a.get(0) + " produced " + a.get(1) + ", below its minimum " + a.get(2)));
        texts.put("InvalidNativeValue", a -> "msg.value " + a.get(1) + " does not match the native input " + a.get(0));
        texts.put("UnknownAdapter", a -> "adapter " + a.get(0) + " is not registered with the router");
        texts.put("InvalidAcquisitionMode", a -> "acquisition mode " + a.get(0)
                + " does not fit the entry point or the input token");
        texts.put("UnknownRelayer", a -> a.get(0) + " is not a relayer the permit's owner registered (mode 2)");
        texts.put("ZeroAmount", a -> "an amount is zero or the route has no step");
        texts.put("InvalidRecipient", a -> a.get(0) + " cannot receive the output");
        texts.put("InvalidFee", a -> "the fee of " + a.get(0) + " bps is above 10000");
        texts.put("StepTokenMismatch", a -> "step " + a.get(0) + " spends " + a.get(2) + " but the previous step produced "
                + a.get(1));
        texts.put("OutputTokenMismatch", a -> "the route ends in " + a.get(1) + ", not in its output token " + a.get(0));
        texts.put("InvalidShares", a -> "a split's leg shares sum to " + a.get(0) + " bps, not 10000 (or a share is 0)");
        List<String> signatures = new ArrayList<>(RouterAbi.ERRORS);
        signatures.addAll(List.of(
                // JunctionRouter
                "ForbiddenAdapter(address)", "OnlySelf()", "UnknownMessenger(address)", "NativeTransferFailed(address)",
                // the adapters
                "DepositFailed(bytes)", "PartialFill(uint256,uint256)", "UnknownPool(address)", "IdenticalTokens()",
                "InsufficientInput()",
                // OpenZeppelin (Pausable, ReentrancyGuard, SafeERC20, ERC20)
                "EnforcedPause()", "ReentrancyGuardReentrantCall()", "SafeERC20FailedOperation(address)",
                "ERC20InsufficientBalance(address,uint256,uint256)",
                "ERC20InsufficientAllowance(address,uint256,uint256)",
                // Permit2 (modes 2 and 3)
                "InvalidNonce()", "SignatureExpired(uint256)", "InvalidSigner()", "InvalidSignature()",
                "InvalidSignatureLength()", "InvalidAmount(uint256)", "InvalidContractSignature()"));
        texts.put("ForbiddenAdapter", a -> a.get(0) + " may never be an adapter");
        texts.put("OnlySelf", a -> "only the router itself may call this");
        texts.put("UnknownMessenger", a -> a.get(0) + " is not a registered bridge messenger");
        texts.put("NativeTransferFailed", a -> "sending the native token to " + a.get(0) + " failed");
        texts.put("DepositFailed", a -> "the bridge refused the deposit: " + decode((String) a.get(0), null).message());
        texts.put("PartialFill", a -> "the pool took " + a.get(0) + " of the step's input " + a.get(1)
                + " (a price limit or the pool's liquidity ran out)");
        texts.put("UnknownPool", a -> a.get(0) + " is not the pool the adapter derives from its factory");
        texts.put("IdenticalTokens", a -> "a step swaps a token for itself");
        texts.put("InsufficientInput", a -> "a step's input is zero");
        texts.put("EnforcedPause", a -> "the router is paused");
        texts.put("ReentrancyGuardReentrantCall", a -> "a re-entrant call was refused");
        texts.put("SafeERC20FailedOperation", a -> "a transfer of token " + a.get(0) + " failed");
        texts.put("ERC20InsufficientBalance", a -> a.get(0) + " holds " + a.get(1) + ", needs " + a.get(2));
        texts.put("ERC20InsufficientAllowance", a -> "allowance of " + a.get(0) + " is " + a.get(1) + ", needs "
                + a.get(2));
        texts.put("InvalidNonce", a -> "the Permit2 nonce is already spent");
        texts.put("SignatureExpired", a -> "the permit expired at " + a.get(0));
        texts.put("InvalidSigner", a -> "the permit was not signed by its owner");
        texts.put("InvalidSignature", a -> "the permit's signature is invalid");
        texts.put("InvalidSignatureLength", a -> "the permit's signature has the wrong length");
        texts.put("InvalidAmount", a -> "the permit allows at most " + a.get(0));
        texts.put("InvalidContractSignature", a -> "the owner contract refused the permit's signature");
        for (String signature : signatures) {
            String name = signature.substring(0, signature.indexOf('('));
            String args = signature.substring(name.length() + 1, signature.length() - 1);
            List<String> types = args.isEmpty() ? List.of() : List.of(args.split(","));
            BY_SELECTOR.put(RouterAbi.selector(signature).substring(2),
                    new Known(name, types, texts.getOrDefault(name, a -> name + a)));
        }
    }

    private RouterErrors() {
    }

    /**
     * @param data the revert data, hex (may be null or empty)
     * @param nodeMessage the node's error message, used when there is no data
     */
    public static Decoded decode(String data, String nodeMessage) {
        String hex = data == null ? "" : data.startsWith("0x") ? data.substring(2) : data;
        hex = hex.toLowerCase(Locale.ROOT);
        Known known = hex.length() >= 8 ? BY_SELECTOR.get(hex.substring(0, 8)) : null;
        if (known != null) {
            try {
                List<Object> args = arguments(hex.substring(8), known.types());
                return new Decoded(known.name(), known.name() + ": " + known.text().apply(args));
            } catch (RuntimeException malformed) {
                return new Decoded(known.name(), known.name() + " (arguments not decodable: 0x" + hex + ")");
            }
        }
        String reason = RevertReason.decode(hex, nodeMessage);
        return new Decoded(hex.startsWith("08c379a0") ? "Error" : null, reason);
    }

    /** Static arguments (uintN, address) and one {@code bytes}, as BigInteger, checksummed address or 0x hex. */
    private static List<Object> arguments(String hex, List<String> types) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            String type = types.get(i);
            if (type.equals("address")) {
                out.add(AbiDecoder.address(hex, i).value());
            } else if (type.equals("bytes")) {
                out.add(AbiDecoder.bytes(hex, i));
            } else {
                out.add(AbiDecoder.uint(hex, i));
            }
        }
        return out;
    }
}
