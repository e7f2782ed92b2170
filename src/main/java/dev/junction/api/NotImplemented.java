package dev.junction.api;

/**
 * The honest answer of an endpoint whose capability has not landed: HTTP 501, code 9004, after the input was validated.
 */
final class NotImplemented {

    private NotImplemented() {
    }

    static ApiException of(String operation, String capability) {
        return new ApiException(ErrorCode.NOT_IMPLEMENTED,
                operation + " validated the request, but the " + capability + " is not implemented yet");
    }
}
