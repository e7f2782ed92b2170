package dev.junction.chain.abi;

/** Decodes the revert data of a failed call: {@code Error(string)}, {@code Panic(uint256)} or a custom error. */
public final class RevertReason {

    private static final String ERROR_SELECTOR = "08c379a0";
    private static final String PANIC_SELECTOR = "4e487b71";

    private RevertReason() {
    }

    /**
     * A readable reason.
     *
     * @param data hex revert data (0x-prefixed or not, may be null or empty)
     * @param fallback what to answer when there is no data (the node's message)
     */
    public static String decode(String data, String fallback) {
        String hex = data == null ? "" : data.startsWith("0x") ? data.substring(2) : data;
        if (hex.isEmpty()) {
            return fallback == null || fallback.isBlank() ? "reverted without a reason" : fallback;
        }
        try {
            if (hex.startsWith(ERROR_SELECTOR) && hex.length() >= 8 + 128) {
                return AbiDecoder.string(hex.substring(8));
            }
            if (hex.startsWith(PANIC_SELECTOR) && hex.length() >= 8 + 64) {
                return "panic 0x" + AbiDecoder.uint(hex.substring(8), 0).toString(16);
            }
        } catch (RuntimeException malformed) {
            return "reverted with malformed data 0x" + hex;
        }
        return "reverted with custom error 0x" + hex.substring(0, Math.min(8, hex.length()))
                + (hex.length() > 8 ? " (data 0x" + hex + ")" : "");
    }
}
