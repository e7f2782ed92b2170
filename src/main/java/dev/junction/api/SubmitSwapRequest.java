package dev.junction.api;

import java.util.Locale;

/**
 * A validated {@code POST /gasless/submit-swap} body.
 *
 * @param quoteId the gasless quote's id (JSON string, at most 128 characters)
 * @param signature the EIP-712 signature as sent; its form is checked by the gasless flow (4003)
 */
public record SubmitSwapRequest(String quoteId, String signature) {

    static SubmitSwapRequest parse(BodyParams b) {
        b.requireAll("quoteId", "signature");
        String quoteId = ParamRules.text("quoteId", b.string("quoteId").orElseThrow(), ParamRules.SHORT_TEXT_MAX);
        // The signature's form (length, v, low s) is checked by the gasless flow after the quote and its deadline
        // (4001, 4005 come first; a malformed signature is 4003 there), so here it only has to be a JSON string.
        String signature = b.string("signature", ErrorCode.INVALID_PARAMETER, "a JSON string: 0x-prefixed hex of a "
                + "65-byte (r, s, v) or 64-byte (EIP-2098) signature").orElseThrow();
        return new SubmitSwapRequest(quoteId, signature.toLowerCase(Locale.ROOT));
    }
}
