package dev.junction.calldata;

import dev.junction.calldata.abi.Abi;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Readable revert reasons of a route: the custom errors of JunctionRouter (its interface's and its own), of its
 * adapters and of the ERC-20 and Permit2 contracts a route touches, {@code Error(string)} and {@code Panic(uint256)}.
 * Every argument of these errors is a static 32-byte word (address, uint or int).
 */
public final class RouterErrors {

    /** Error signatures beyond {@link RouterAbi#ERRORS}: the router's own, its adapters', OpenZeppelin's, Permit2's. */
    private static final List<String> MORE = List.of(
            "ForbiddenAdapter(address)", "OnlySelf()", "UnknownMessenger(address)", "NativeTransferFailed(address)",
            "EnforcedPause()", "ReentrancyGuardReentrantCall()", "OwnableUnauthorizedAccount(address)",
            "PartialFill(uint256,uint256)", "UnknownPool(address)", "IdenticalTokens()", "InsufficientInput()",
            "CoinMismatch(address,int128,address)",
            "SafeERC20FailedOperation(address)", "ERC20InsufficientBalance(address,uint256,uint256)",
            "ERC20InsufficientAllowance(address,uint256,uint256)", "AddressEmptyCode(address)", "FailedCall()",
            "InvalidNonce()", "SignatureExpired(uint256)", "InvalidSigner()", "InvalidSignature()",
            "InvalidSignatureLength()", "InvalidAmount(uint256)", "InvalidContractSignature()", "LengthMismatch()");

    private static final Map<String, String> BY_SELECTOR = new HashMap<>();

    static {
        for (String signature : RouterAbi.ERRORS) {
            BY_SELECTOR.put(RouterAbi.selector(signature).substring(2), signature);
        }
        for (String signature : MORE) {
            BY_SELECTOR.putIfAbsent(RouterAbi.selector(signature).substring(2), signature);
        }
    }

    private RouterErrors() {
    }

    /**
     * The reason as a person reads it, e.g. {@code InsufficientOutput(index=1, 990, 1000)} is written
     * {@code InsufficientOutput(1, 990, 1000)}.
     *
     * @param data the revert data, {@code 0x}-hex (null or empty when the node gave none)
     * @param fallback the node's message, used when there is no data
     */
    public static String describe(String data, String fallback) {
        String hex = data == null ? "" : data.startsWith("0x") ? data.substring(2) : data;
        if (hex.length() < 8) {
            return fallback == null || fallback.isBlank() ? "reverted without a reason" : fallback;
        }
        String selector = hex.substring(0, 8).toLowerCase();
        try {
            if (selector.equals("08c379a0") && hex.length() >= 8 + 128) {
                int length = new BigInteger(hex.substring(8 + 64, 8 + 128), 16).intValueExact();
                return new String(Hex.decode("0x" + hex.substring(8 + 128, 8 + 128 + 2 * length)),
                        StandardCharsets.UTF_8);
            }
            if (selector.equals("4e487b71") && hex.length() >= 8 + 64) {
                return "Panic(0x" + new BigInteger(hex.substring(8, 8 + 64), 16).toString(16) + ")";
            }
            String signature = BY_SELECTOR.get(selector);
            if (signature != null) {
                return signature.substring(0, signature.indexOf('(')) + "(" + arguments(signature, hex) + ")";
            }
        } catch (RuntimeException malformed) {
            return "reverted with malformed data 0x" + hex;
        }
        return "reverted with custom error 0x" + selector + (hex.length() > 8 ? " (data 0x" + hex + ")" : "");
    }

    private static String arguments(String signature, String hex) {
        String inner = signature.substring(signature.indexOf('(') + 1, signature.length() - 1);
        if (inner.isEmpty()) {
            return "";
        }
        String[] types = inner.split(",");
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < types.length; i++) {
            String word = hex.substring(8 + 64 * i, 8 + 64 * (i + 1));
            if (i > 0) {
                out.append(", ");
            }
            out.append(types[i].equals("address") ? "0x" + word.substring(24) : new BigInteger(word, 16).toString());
        }
        return out.toString();
    }

    /** The selector of an error signature, {@code 0x}-hex (for tests and documentation). */
    public static String selector(String signature) {
        return Hex.encode(Abi.selector(signature));
    }
}
