package dev.junction.api;

import dev.junction.api.web.BodyLimitFilter;
import dev.junction.api.web.BodyTooLargeException;
import dev.junction.calldata.CalldataException;
import dev.junction.calldata.ProviderNotExecutableException;
import dev.junction.calldata.RouteChoiceException;
import dev.junction.execution.InvalidPlanException;
import dev.junction.execution.RelayerUnfundedException;
import dev.junction.gasless.GaslessException;
import dev.junction.market.StaleChainException;
import dev.junction.quote.InvalidQuoteRequestException;
import dev.junction.quote.QuoteRequest;
import dev.junction.quote.QuoteStoreUnavailableException;
import dev.junction.routing.NoRouteException;
import dev.junction.nodes.RpcErrorType;
import dev.junction.nodes.RpcException;
import dev.junction.webhooks.WebhookException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * The ONE place where failures become envelopes. Every handler answers {@code application/json}
 * {@code {code, data, message}} with the catalogue's HTTP status; nothing else in Junction writes error responses
 * except the servlet filters (which use {@link ErrorResponses} for the same shape) and {@code /error}.
 *
 * <p><b>Adding a domain exception family</b> (routing, gasless, execution, status ...): add ONE method below, in the
 * "domain families" block, annotated {@code @ExceptionHandler(YourException.class)}, that picks the {@link ErrorCode}
 * (add a code to the enum in your class if none fits) and returns {@link #answer(ErrorCode, String, String)}. Do not
 * add another {@code @RestControllerAdvice}.
 */
@RestControllerAdvice
public class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    /** Retry-After of {@link #databaseUnavailable}, seconds. */
    static final int DATABASE_RETRY_AFTER_SECONDS = 1;

    /** Builds the response for a code; use it from every handler method. */
    public static ResponseEntity<Envelope<Envelope.ParamRef>> answer(ErrorCode code, String message, String param) {
        return ResponseEntity.status(code.status())
                .contentType(MediaType.APPLICATION_JSON)
                .body(Envelope.error(code, message, param));
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> api(ApiException e) {
        return answer(e.code(), e.getMessage(), e.param());
    }

    // ---- Spring MVC's own failures -------------------------------------------------------------------------------

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> missing(MissingServletRequestParameterException e) {
        return answer(ErrorCode.MISSING_PARAMETER, e.getParameterName() + " is required", e.getParameterName());
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> mismatch(MethodArgumentTypeMismatchException e) {
        String type = e.getRequiredType() == null ? "value" : e.getRequiredType().getSimpleName();
        return answer(ErrorCode.INVALID_PARAMETER, e.getName() + " must be a valid " + type, e.getName());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> unreadable(HttpMessageNotReadableException e) {
        if (BodyTooLargeException.in(e)) {
            return tooLarge();
        }
        return answer(ErrorCode.MALFORMED_BODY, "the request body must be a well-formed JSON object", null);
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> mediaType(HttpMediaTypeNotSupportedException e) {
        return answer(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "the request body must be sent as Content-Type application/json",
                null);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return answer(ErrorCode.INVALID_PARAMETER, "Accept must allow application/json", null);
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<Envelope<Envelope.ParamRef>> notFound(Exception e) {
        return answer(ErrorCode.NOT_FOUND, "no endpoint has this path", null);
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> method(HttpRequestMethodNotSupportedException e) {
        ResponseEntity<Envelope<Envelope.ParamRef>> r = answer(ErrorCode.METHOD_NOT_ALLOWED,
                "this endpoint does not accept " + e.getMethod() + "; allowed: " + String.join(", ",
                        e.getSupportedMethods() == null ? new String[0] : e.getSupportedMethods()), null);
        HttpHeaders headers = new HttpHeaders();
        headers.putAll(r.getHeaders());
        if (e.getSupportedHttpMethods() != null) {
            headers.setAllow(e.getSupportedHttpMethods());
        }
        return new ResponseEntity<>(r.getBody(), headers, r.getStatusCode());
    }

    /**
     * Spring's status exceptions ({@code ResponseStatusException}, {@code ErrorResponseException}) keep their status
     * class: the catalogue entry of that HTTP status (e.g. 404 -> 1010), with the reason as message.
     */
    @ExceptionHandler(ErrorResponseException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> status(ErrorResponseException e) {
        ErrorResponse r = e;
        ErrorCode code = ErrorCode.forStatus(r.getStatusCode().value());
        if (code == ErrorCode.INTERNAL) {
            log.error("unexpected failure", e);
            return answer(code, "an internal error occurred; it is logged with the X-Request-Id of this response",
                    null);
        }
        String reason = r.getBody().getDetail();
        return answer(code, reason == null || reason.isBlank() ? code.description() : reason, null);
    }

    // ---- domain families: one method per module's exception family, added by that module's engineer -------------

    /**
     * Gasless: quote and permit refusals (4001, 4003-4010), a fee that eats the input (3004), bad parameters, and on a
     * real chain a relayer transaction whose eth_call reverts (3007).
     */
    @ExceptionHandler(GaslessException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> gasless(GaslessException e) {
        ErrorCode code = switch (e.failure()) {
            case QUOTE_NOT_FOUND -> ErrorCode.QUOTE_NOT_FOUND;
            case SIGNATURE_INVALID -> ErrorCode.INVALID_SIGNATURE;
            case WRONG_SIGNER -> ErrorCode.SIGNER_MISMATCH;
            case PERMIT_EXPIRED -> ErrorCode.PERMIT_EXPIRED;
            case NONCE_USED -> ErrorCode.NONCE_USED;
            case ALREADY_SUBMITTED -> ErrorCode.ALREADY_SUBMITTED;
            case UNSUPPORTED_ACQUISITION_MODE -> ErrorCode.UNSUPPORTED_ACQUISITION_MODE;
            case NATIVE_INPUT, CHAIN_NOT_GASLESS -> ErrorCode.TOKEN_NOT_GASLESS;
            case FEE_EXCEEDS_INPUT -> ErrorCode.FEES_EXCEED_AMOUNT;
            case INVALID_PARAMETER -> ErrorCode.INVALID_PARAMETER;
            case NO_ROUTE -> ErrorCode.NO_ROUTE;
            case INSUFFICIENT_FUNDS -> ErrorCode.INSUFFICIENT_FUNDS;
            case SIMULATION_FAILED -> ErrorCode.BUILD_SIMULATION_FAILED;
        };
        return answer(code, e.getMessage(), e.param());
    }

    /** Quotes: a rule of the request the parser cannot check alone (unknown provider key, same token): 1002. */
    @ExceptionHandler(InvalidQuoteRequestException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> invalidQuoteRequest(InvalidQuoteRequestException e) {
        return answer(ErrorCode.INVALID_PARAMETER, e.getMessage(), e.parameter());
    }

    /** Quotes: the database does not keep up with the quote writes: 503, 9005, with Retry-After. */
    @ExceptionHandler(QuoteStoreUnavailableException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> quoteStoreUnavailable(QuoteStoreUnavailableException e) {
        log.warn("refusing a quote: {}", e.getMessage());
        return ResponseEntity.status(ErrorCode.UNAVAILABLE.status())
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(QuoteStoreUnavailableException.RETRY_AFTER_SECONDS))
                .contentType(MediaType.APPLICATION_JSON)
                .body(Envelope.error(ErrorCode.UNAVAILABLE, e.getMessage(), null));
    }

    /**
     * The database: a lock not granted in time (a burst of submissions waiting for the relayer's nonce row), a query
     * timeout, or no connection (the database is down). Nothing was written (the transaction rolled back): 503, 9005,
     * with Retry-After, never a 500.
     */
    @ExceptionHandler({TransientDataAccessException.class, DataAccessResourceFailureException.class})
    ResponseEntity<Envelope<Envelope.ParamRef>> databaseUnavailable(DataAccessException e) {
        log.warn("database busy or unreachable: {}", e.getMessage());
        return ResponseEntity.status(ErrorCode.UNAVAILABLE.status())
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(DATABASE_RETRY_AFTER_SECONDS))
                .contentType(MediaType.APPLICATION_JSON)
                .body(Envelope.error(ErrorCode.UNAVAILABLE, "the database is busy or unreachable ("
                        + e.getClass().getSimpleName() + "); nothing was changed, retry", null));
    }

    /** Routing: no route delivers anything (3001 no route, 3002 amount too low, 3003 liquidity, 3004 fees). */
    @ExceptionHandler(NoRouteException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> noRoute(NoRouteException e) {
        ErrorCode code = switch (e.reason()) {
            case NO_ROUTE -> ErrorCode.NO_ROUTE;
            case AMOUNT_TOO_LOW -> ErrorCode.AMOUNT_TOO_LOW;
            case INSUFFICIENT_LIQUIDITY -> ErrorCode.INSUFFICIENT_LIQUIDITY;
            case FEES_EXCEED_AMOUNT -> ErrorCode.FEES_EXCEED_AMOUNT;
        };
        return answer(code, e.getMessage(), e.reason() == NoRouteException.Reason.NO_ROUTE ? null : "amount");
    }

    /** Chain mode: a chain's market state is older than its max-staleness (9005, 503, naming the chain). */
    @ExceptionHandler(StaleChainException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> staleChain(StaleChainException e) {
        return answer(ErrorCode.UNAVAILABLE, e.getMessage(), null);
    }

    /**
     * Chain mode: a chain's node failed a call Junction needed to answer (after its retries and failover): 9003 when
     * it timed out, else 9002. The message names the failure's kind, never the node's URL (it may hold an API key).
     */
    @ExceptionHandler(RpcException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> node(RpcException e) {
        log.warn("node call failed: {} ({})", e.type(), e.getMessage());
        ErrorCode code = e.type() == RpcErrorType.TIMEOUT ? ErrorCode.UPSTREAM_TIMEOUT : ErrorCode.UPSTREAM_ERROR;
        return answer(code, "the chain's node failed: " + e.type().name().toLowerCase().replace('_', ' ')
                + "; retry later", null);
    }

    /**
     * Execution: Junction's relayer on the swap's chain cannot pay the gas of its transaction (9006, 503, naming the
     * relayer, the chain, its balance and what it needs). The operator's problem, not the caller's: nothing was
     * signed and the same signature can be submitted again once the relayer is funded.
     */
    @ExceptionHandler(RelayerUnfundedException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> relayerUnfunded(RelayerUnfundedException e) {
        return answer(ErrorCode.RELAYER_UNFUNDED, e.getMessage(), null);
    }

    /**
     * Execution: the plan names a chain, pool, token or lane the current market does not have, so its transaction
     * cannot be simulated (3007, 422).
     */
    @ExceptionHandler(InvalidPlanException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> invalidPlan(InvalidPlanException e) {
        return answer(ErrorCode.BUILD_SIMULATION_FAILED, e.getMessage(), null);
    }

    /**
     * Calldata: a request choice that cannot be encoded: a chain without a Junction router (1005), an acquisition mode
     * that does not fit the input token (1002, the same code QuoteRequest gives for that rule), a provider without an
     * adapter on its chain (3008) or another term (1002).
     */
    @ExceptionHandler(CalldataException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> calldata(CalldataException e) {
        if (e instanceof ProviderNotExecutableException) {
            return answer(ErrorCode.PROVIDER_NOT_EXECUTABLE, e.getMessage(), e.parameter());
        }
        ErrorCode code = switch (e.parameter()) {
            case "fromChain", "toChain" -> ErrorCode.UNSUPPORTED_CHAIN;
            default -> ErrorCode.INVALID_PARAMETER;
        };
        return answer(code, e.getMessage(), e.parameter());
    }

    /** Calldata: the build filters left no route (3005 allowedPriceImpact, 3006 minOutputAmount). */
    @ExceptionHandler(RouteChoiceException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> routeChoice(RouteChoiceException e) {
        ErrorCode code = switch (e.reason()) {
            case PRICE_IMPACT_TOO_HIGH -> ErrorCode.PRICE_IMPACT_TOO_HIGH;
            case MIN_OUTPUT_UNREACHABLE -> ErrorCode.MIN_OUTPUT_UNREACHABLE;
        };
        return answer(code, e.getMessage(), e.parameter());
    }

    /**
     * Webhooks: a URL refused by the SSRF policy or for redirecting (1012), a webhook id the key does not have (1013),
     * the key's webhook limit (1014).
     */
    @ExceptionHandler(WebhookException.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> webhook(WebhookException e) {
        ErrorCode code = switch (e.reason()) {
            case URL_REFUSED -> ErrorCode.WEBHOOK_URL_REFUSED;
            case NOT_FOUND -> ErrorCode.WEBHOOK_NOT_FOUND;
            case LIMIT_REACHED -> ErrorCode.WEBHOOK_LIMIT;
        };
        return answer(code, e.getMessage(), e.param());
    }

    // ---- anything else --------------------------------------------------------------------------------------------

    /**
     * Anything not mapped above is a 500, logged with its stack trace, except a client that dropped its connection
     * (broken pipe, connection reset, an unusable async response): a normal event, logged at DEBUG without a trace,
     * and nothing is written to the closed connection (null).
     */
    @ExceptionHandler(Throwable.class)
    ResponseEntity<Envelope<Envelope.ParamRef>> unexpected(Throwable e) {
        if (BodyTooLargeException.in(e)) {
            return tooLarge();
        }
        if (DisconnectedClientHelper.isClientDisconnectedException(e)) {
            log.debug("client closed the connection: {}", e.toString());
            return null;
        }
        log.error("unexpected failure", e);
        return answer(ErrorCode.INTERNAL, "an internal error occurred; it is logged with the X-Request-Id of this response",
                null);
    }

    private static ResponseEntity<Envelope<Envelope.ParamRef>> tooLarge() {
        return answer(ErrorCode.BODY_TOO_LARGE, "the request body must be at most " + BodyLimitFilter.MAX_BYTES + " bytes",
                null);
    }
}
