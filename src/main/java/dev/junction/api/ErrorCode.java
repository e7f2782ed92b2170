package dev.junction.api;

import org.springframework.http.HttpStatus;

/**
 * The one error catalogue: every non-zero {@code code} a Junction response can carry, with its HTTP status. Codes are
 * never reused; a capability adds codes in its class (1xxx request, 2xxx access, 3xxx routing, 4xxx gasless and
 * submission, 9xxx service). README "Units and errors" and the OpenAPI document list this enum.
 */
public enum ErrorCode {
    MISSING_PARAMETER(1001, HttpStatus.BAD_REQUEST, "A required parameter is missing."),
    INVALID_PARAMETER(1002, HttpStatus.BAD_REQUEST,
            "A parameter has the wrong type, is out of range, or is not one of the listed values."),
    INVALID_ADDRESS(1003, HttpStatus.BAD_REQUEST,
            "An address is malformed, fails its EIP-55 checksum, or is not a 32-byte base58 address on Solana."),
    INVALID_AMOUNT(1004, HttpStatus.BAD_REQUEST, "An amount is not a base-10 integer string greater than 0 and below 2^256."),
    UNSUPPORTED_CHAIN(1005, HttpStatus.BAD_REQUEST, "The chain is well-formed but Junction does not serve it."),
    UNSUPPORTED_TOKEN(1006, HttpStatus.BAD_REQUEST, "The token is not listed on that chain."),
    MALFORMED_BODY(1007, HttpStatus.BAD_REQUEST, "The request body is not a JSON object."),
    BODY_TOO_LARGE(1008, HttpStatus.CONTENT_TOO_LARGE, "The request body exceeds 64 KiB."),
    UNSUPPORTED_MEDIA_TYPE(1009, HttpStatus.UNSUPPORTED_MEDIA_TYPE, "The request body must be application/json."),
    NOT_FOUND(1010, HttpStatus.NOT_FOUND, "No such endpoint."),
    METHOD_NOT_ALLOWED(1011, HttpStatus.METHOD_NOT_ALLOWED, "The endpoint does not accept this HTTP method."),
    WEBHOOK_URL_REFUSED(1012, HttpStatus.BAD_REQUEST, "The webhook URL is refused: not https (http only on a host of "
            + "junction.webhooks.allowed-hosts), a private, loopback or link-local address after DNS resolution, or it "
            + "answers with a redirect."),
    WEBHOOK_NOT_FOUND(1013, HttpStatus.NOT_FOUND, "No webhook of this API key has this id."),
    WEBHOOK_LIMIT(1014, HttpStatus.CONFLICT, "The API key has as many webhooks as junction.webhooks.max-per-key "
            + "allows."),
    UNAUTHORIZED(2001, HttpStatus.UNAUTHORIZED, "A valid X-API-Key header is required."),
    FORBIDDEN(2002, HttpStatus.FORBIDDEN, "The API key may not use this endpoint."),
    RATE_LIMITED(2003, HttpStatus.TOO_MANY_REQUESTS, "Too many requests; retry after the Retry-After seconds."),
    NO_ROUTE(3001, HttpStatus.UNPROCESSABLE_CONTENT, "No route connects the tokens."),
    AMOUNT_TOO_LOW(3002, HttpStatus.UNPROCESSABLE_CONTENT, "The amount is below what any route can carry."),
    INSUFFICIENT_LIQUIDITY(3003, HttpStatus.UNPROCESSABLE_CONTENT, "The pools cannot absorb the amount."),
    FEES_EXCEED_AMOUNT(3004, HttpStatus.UNPROCESSABLE_CONTENT, "Fees would consume the whole amount."),
    PRICE_IMPACT_TOO_HIGH(3005, HttpStatus.UNPROCESSABLE_CONTENT, "Every route exceeds the allowed price impact."),
    MIN_OUTPUT_UNREACHABLE(3006, HttpStatus.UNPROCESSABLE_CONTENT, "No route reaches minOutputAmount."),
    BUILD_SIMULATION_FAILED(3007, HttpStatus.UNPROCESSABLE_CONTENT, "The built transaction failed its simulation."),
    PROVIDER_NOT_EXECUTABLE(3008, HttpStatus.UNPROCESSABLE_CONTENT,
            "A provider of the route has no Junction adapter on its chain: the route can be quoted but not built."),
    QUOTE_NOT_FOUND(4001, HttpStatus.NOT_FOUND, "No quote has this quoteId."),
    QUOTE_EXPIRED(4002, HttpStatus.GONE, "The quote has expired."),
    INVALID_SIGNATURE(4003, HttpStatus.BAD_REQUEST, "The signature does not verify."),
    SIGNER_MISMATCH(4004, HttpStatus.BAD_REQUEST, "The signature was made by another account than the sender."),
    PERMIT_EXPIRED(4005, HttpStatus.GONE, "The permit deadline has passed."),
    NONCE_USED(4006, HttpStatus.CONFLICT, "The permit nonce was already used."),
    ALREADY_SUBMITTED(4007, HttpStatus.CONFLICT, "This quote was already submitted."),
    UNSUPPORTED_ACQUISITION_MODE(4008, HttpStatus.BAD_REQUEST, "The acquisition mode is not supported for this flow."),
    TOKEN_NOT_GASLESS(4009, HttpStatus.UNPROCESSABLE_CONTENT, "The token cannot be swapped gaslessly."),
    INSUFFICIENT_FUNDS(4010, HttpStatus.UNPROCESSABLE_CONTENT,
            "The owner's token balance or Permit2 allowance on chain is below the amount."),
    INTERNAL(9001, HttpStatus.INTERNAL_SERVER_ERROR, "An unexpected error; it is logged with the request id."),
    UPSTREAM_ERROR(9002, HttpStatus.BAD_GATEWAY, "An upstream service failed."),
    UPSTREAM_TIMEOUT(9003, HttpStatus.GATEWAY_TIMEOUT, "An upstream service timed out."),
    NOT_IMPLEMENTED(9004, HttpStatus.NOT_IMPLEMENTED, "The capability behind this endpoint is not available yet."),
    UNAVAILABLE(9005, HttpStatus.SERVICE_UNAVAILABLE, "The service is temporarily unavailable."),
    RELAYER_UNFUNDED(9006, HttpStatus.SERVICE_UNAVAILABLE,
            "Junction's relayer on the chain cannot pay the gas of the transaction at the live gas price.");

    private final int code;
    private final HttpStatus status;
    private final String description;

    ErrorCode(int code, HttpStatus status, String description) {
        this.code = code;
        this.status = status;
        this.description = description;
    }

    /** The number in the envelope's {@code code}. */
    public int code() {
        return code;
    }

    /** The HTTP status a response with this code carries. */
    public HttpStatus status() {
        return status;
    }

    /** When the code applies (documentation; the response message is specific). */
    public String description() {
        return description;
    }

    /** The entry whose status is {@code status}, for errors raised outside Junction's code (container, filters). */
    public static ErrorCode forStatus(int status) {
        return switch (status) {
            case 400 -> INVALID_PARAMETER;
            case 401 -> UNAUTHORIZED;
            case 403 -> FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 413 -> BODY_TOO_LARGE;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> RATE_LIMITED;
            case 502 -> UPSTREAM_ERROR;
            case 503 -> UNAVAILABLE;
            case 504 -> UPSTREAM_TIMEOUT;
            default -> INTERNAL;
        };
    }
}
