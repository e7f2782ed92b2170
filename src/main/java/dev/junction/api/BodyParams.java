package dev.junction.api;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The fields of one JSON request body, read by their exact documented key (case-sensitive). A missing or
 * {@code null} field counts as absent; a field of the wrong JSON type is refused; unknown keys are ignored.
 */
final class BodyParams {

    private final JsonNode body;

    BodyParams(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ApiException(ErrorCode.MALFORMED_BODY, "the request body must be a JSON object", null);
        }
        this.body = body;
    }

    /** Throws 1001 naming the first of {@code names} that is absent. */
    void requireAll(String... names) {
        for (String name : names) {
            JsonNode n = body.get(name);
            if (n == null || n.isNull() || n.isString() && n.stringValue().isBlank()) {
                throw QueryParams.missing(name);
            }
        }
    }

    /** A JSON string field, trimmed; a blank string is absent; another JSON type is {@code typeCode}. */
    Optional<String> string(String name, ErrorCode typeCode, String rule) {
        JsonNode n = body.get(name);
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isString()) {
            throw new ApiException(typeCode, name + " must be " + rule, name);
        }
        String t = n.stringValue().trim();
        return t.isEmpty() ? Optional.empty() : Optional.of(t);
    }

    /** A JSON string field with the rule "a string", refused with 1002 otherwise. */
    Optional<String> string(String name) {
        return string(name, ErrorCode.INVALID_PARAMETER, "a JSON string");
    }

    /** A JSON integer field, as decimal text; another JSON type is 1002 with {@code rule}. */
    Optional<String> integer(String name, String rule) {
        JsonNode n = body.get(name);
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isIntegralNumber()) {
            throw ParamRules.invalid(name, rule);
        }
        return Optional.of(n.bigIntegerValue().toString());
    }

    /** A JSON number field, as decimal text; another JSON type is 1002 with {@code rule}. */
    Optional<String> number(String name, String rule) {
        JsonNode n = body.get(name);
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isNumber()) {
            throw ParamRules.invalid(name, rule);
        }
        return Optional.of(n.isIntegralNumber() ? n.bigIntegerValue().toString() : n.asString());
    }
}
