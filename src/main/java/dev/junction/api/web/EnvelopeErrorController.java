package dev.junction.api.web;

import dev.junction.api.ApiException;
import dev.junction.api.ApiExceptionHandler;
import dev.junction.api.Envelope;
import dev.junction.api.ErrorCode;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /error}: where the servlet container sends failures that happen outside Spring MVC (a filter that throws, a
 * request Tomcat rejects, {@code sendError}). Answers the same envelope as {@link ApiExceptionHandler}, never the
 * Whitelabel HTML page. Replaces Spring Boot's {@code BasicErrorController}.
 */
@Hidden
@RestController
class EnvelopeErrorController implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(EnvelopeErrorController.class);

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<Envelope<Envelope.ParamRef>> error(HttpServletRequest request) {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Throwable failure = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (failure instanceof ApiException api) {
            return ApiExceptionHandler.answer(api.code(), api.getMessage(), api.param());
        }
        if (BodyTooLargeException.in(failure)) {
            return ApiExceptionHandler.answer(ErrorCode.BODY_TOO_LARGE,
                    "the request body must be at most " + BodyLimitFilter.MAX_BYTES + " bytes", null);
        }
        if (!(status instanceof Integer code)) {
            // a client asked for /error itself
            return ApiExceptionHandler.answer(ErrorCode.NOT_FOUND, "no endpoint has this path", null);
        }
        ErrorCode mapped = ErrorCode.forStatus(code);
        if (mapped == ErrorCode.INTERNAL) {
            log.error("request failed outside Spring MVC with status {}", code, failure);
        }
        return ApiExceptionHandler.answer(mapped, messageFor(mapped), null);
    }

    private static String messageFor(ErrorCode code) {
        return switch (code) {
            case INVALID_PARAMETER -> "the request is malformed";
            case NOT_FOUND -> "no endpoint has this path";
            case METHOD_NOT_ALLOWED -> "this endpoint does not accept this HTTP method";
            case BODY_TOO_LARGE -> "the request body must be at most " + BodyLimitFilter.MAX_BYTES + " bytes";
            case UNSUPPORTED_MEDIA_TYPE -> "the request body must be sent as Content-Type application/json";
            case INTERNAL -> "an internal error occurred; it is logged with the X-Request-Id of this response";
            default -> code.description();
        };
    }
}
