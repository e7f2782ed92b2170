package dev.junction.market.snapshot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * The subset of JSON Schema 2020-12 that {@code market/market.schema.json} uses: {@code type}, {@code required},
 * {@code properties}, {@code additionalProperties: false}, {@code items}, {@code minItems}, {@code maxItems},
 * {@code pattern}, {@code enum}, {@code const}, {@code minimum}, {@code maximum}, {@code exclusiveMinimum},
 * {@code minLength}, {@code $ref} to {@code #/$defs/...} and {@code oneOf} whose branches are told apart by a
 * {@code const} property (the branch whose constants match is the one reported on).
 *
 * <p>Each violation is reported with the JSON path of the offending value, e.g. {@code pools[12].tickSpacing}.
 */
final class JsonSchema {

    private final JsonNode root;
    private final Map<String, Pattern> patterns = new ConcurrentHashMap<>();

    JsonSchema(JsonNode root) {
        this.root = root;
    }

    /** One violation: where (a JSON path) and what rule. */
    record Violation(String path, String message) {
    }

    /** Validates {@code value} against {@code #/$defs/<definition>}. */
    List<Violation> validate(JsonNode value, String definition) {
        List<Violation> out = new ArrayList<>();
        check(value, def(definition), "", out);
        return out;
    }

    private JsonNode def(String name) {
        JsonNode d = root.path("$defs").path(name);
        if (d.isMissingNode()) {
            throw new IllegalStateException("schema has no definition " + name);
        }
        return d;
    }

    private void check(JsonNode v, JsonNode s, String path, List<Violation> out) {
        if (s.has("$ref")) {
            String ref = s.get("$ref").asString();
            check(v, def(ref.substring(ref.lastIndexOf('/') + 1)), path, out);
        }
        if (s.has("type") && !typeMatches(v, s.get("type"))) {
            out.add(new Violation(path, "must be of type " + typeText(s.get("type")) + ", was " + describe(v)));
            return;
        }
        if (s.has("const") && !sameValue(v, s.get("const"))) {
            out.add(new Violation(path, "must be " + s.get("const") + ", was " + describe(v)));
        }
        if (s.has("enum") && !inEnum(v, s.get("enum"))) {
            out.add(new Violation(path, "must be one of " + s.get("enum") + ", was " + describe(v)));
        }
        if (v.isString()) {
            checkString(v.asString(), s, path, out);
        }
        if (v.isNumber()) {
            checkNumber(v, s, path, out);
        }
        if (v.isObject()) {
            checkObject(v, s, path, out);
        }
        if (v.isArray()) {
            checkArray(v, s, path, out);
        }
        if (s.has("oneOf")) {
            checkOneOf(v, s.get("oneOf"), path, out);
        }
    }

    private void checkString(String text, JsonNode s, String path, List<Violation> out) {
        if (s.has("minLength") && text.length() < s.get("minLength").asInt()) {
            out.add(new Violation(path, "must have at least " + s.get("minLength").asInt() + " characters"));
        }
        if (s.has("pattern")) {
            String regex = s.get("pattern").asString();
            if (!patterns.computeIfAbsent(regex, Pattern::compile).matcher(text).find()) {
                out.add(new Violation(path, "must match " + regex + ", was \"" + text + "\""));
            }
        }
    }

    private void checkNumber(JsonNode v, JsonNode s, String path, List<Violation> out) {
        double d = v.asDouble();
        if (s.has("minimum") && d < s.get("minimum").asDouble()) {
            out.add(new Violation(path, "must be >= " + s.get("minimum") + ", was " + v));
        }
        if (s.has("maximum") && d > s.get("maximum").asDouble()) {
            out.add(new Violation(path, "must be <= " + s.get("maximum") + ", was " + v));
        }
        if (s.has("exclusiveMinimum") && d <= s.get("exclusiveMinimum").asDouble()) {
            out.add(new Violation(path, "must be > " + s.get("exclusiveMinimum") + ", was " + v));
        }
    }

    private void checkObject(JsonNode v, JsonNode s, String path, List<Violation> out) {
        if (s.has("required")) {
            for (JsonNode r : s.get("required")) {
                if (!v.has(r.asString())) {
                    out.add(new Violation(join(path, r.asString()), "is required"));
                }
            }
        }
        JsonNode props = s.path("properties");
        boolean closed = s.has("additionalProperties") && !s.get("additionalProperties").asBoolean(true);
        for (String name : v.propertyNames()) {
            JsonNode ps = props.get(name);
            if (ps != null) {
                check(v.get(name), ps, join(path, name), out);
            } else if (closed) {
                out.add(new Violation(join(path, name), "is not a known field"));
            }
        }
    }

    private void checkArray(JsonNode v, JsonNode s, String path, List<Violation> out) {
        if (s.has("minItems") && v.size() < s.get("minItems").asInt()) {
            out.add(new Violation(path, "must have at least " + s.get("minItems").asInt() + " items, has " + v.size()));
        }
        if (s.has("maxItems") && v.size() > s.get("maxItems").asInt()) {
            out.add(new Violation(path, "must have at most " + s.get("maxItems").asInt() + " items, has " + v.size()));
        }
        if (s.has("items")) {
            for (int i = 0; i < v.size(); i++) {
                check(v.get(i), s.get("items"), path + "[" + i + "]", out);
            }
        }
    }

    /** Picks the branch whose {@code const} properties all match the value, and validates against it. */
    private void checkOneOf(JsonNode v, JsonNode branches, String path, List<Violation> out) {
        if (!v.isObject()) {
            return;
        }
        for (JsonNode b : branches) {
            JsonNode branch = b.has("$ref") ? def(b.get("$ref").asString().replaceFirst("^#/\\$defs/", "")) : b;
            if (constantsMatch(v, branch)) {
                check(v, branch, path, out);
                return;
            }
        }
        // No branch matched: the discriminator itself is wrong, which the enclosing enum already reports.
    }

    private static boolean constantsMatch(JsonNode v, JsonNode branch) {
        JsonNode props = branch.path("properties");
        for (String name : props.propertyNames()) {
            JsonNode c = props.get(name).get("const");
            if (c != null && !sameValue(v.path(name), c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean typeMatches(JsonNode v, JsonNode type) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (typeMatches(v, t)) {
                    return true;
                }
            }
            return false;
        }
        return switch (type.asString()) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isString();
            case "integer" -> v.isIntegralNumber();
            case "number" -> v.isNumber();
            case "boolean" -> v.isBoolean();
            case "null" -> v.isNull();
            default -> throw new IllegalStateException("schema type " + type + " is not supported");
        };
    }

    private static boolean inEnum(JsonNode v, JsonNode values) {
        for (JsonNode e : values) {
            if (sameValue(v, e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameValue(JsonNode v, JsonNode c) {
        if (v.isNumber() && c.isNumber()) {
            return v.decimalValue().compareTo(c.decimalValue()) == 0;
        }
        return v.equals(c);
    }

    private static String typeText(JsonNode type) {
        if (!type.isArray()) {
            return type.asString();
        }
        Set<String> names = new HashSet<>();
        type.forEach(t -> names.add(t.asString()));
        return String.join(" or ", names);
    }

    static String describe(JsonNode v) {
        if (v.isMissingNode()) {
            return "missing";
        }
        String kind = v.isString() ? "string" : v.isIntegralNumber() ? "integer" : v.isNumber() ? "number"
                : v.isBoolean() ? "boolean" : v.isNull() ? "null" : v.isArray() ? "array" : "object";
        String text = v.isContainer() ? "" : " " + v;
        return kind + text;
    }

    private static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }
}
