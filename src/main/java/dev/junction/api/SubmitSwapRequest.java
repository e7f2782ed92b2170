package dev.junction.api;

/**
 * A validated {@code POST /gasless/submit-swap} body.
 *
 * @param quoteId the gasless quote's id (JSON string, at most 128 characters)
 * @param signature the EIP-712 signature as lower-case 0x hex of 65 bytes (r, s, v) or 64 bytes (EIP-2098 compact)
 */
public record SubmitSwapRequest(String quoteId, String signature) {

    private static final String SIGNATURE_RULE = "0x-prefixed hex of a 65-byte (r, s, v) or 64-byte (EIP-2098) signature";

    static SubmitSwapRequest parse(BodyParams b) {
        b.requireAll("quoteId", "signature");
        String quoteId = ParamRules.text("quoteId", b.string("quoteId").orElseThrow(), ParamRules.SHORT_TEXT_MAX);
        String signature = b.string("signature", ErrorCode.INVALID_PARAMETER, SIGNATURE_RULE).orElseThrow();
        if (signature.length() != 2 + 130 && signature.length() != 2 + 128 || !dev.junction.chain.Hex.isHex(signature)) {
            throw ParamRules.invalid("signature", SIGNATURE_RULE);
        }
        return new SubmitSwapRequest(quoteId, signature.toLowerCase(java.util.Locale.ROOT));
    }
}
