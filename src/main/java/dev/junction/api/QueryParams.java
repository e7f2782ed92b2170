package dev.junction.api;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The query parameters of one GET request. Values are trimmed; an empty value counts as absent; a scalar parameter given
 * twice is refused; names are case-sensitive as the interface spells them; unknown parameters are ignored.
 */
final class QueryParams {

    private static final int LIST_MAX_ITEMS = 64;

    private final Map<String, String[]> values;

    QueryParams(Map<String, String[]> values) {
        this.values = values;
    }

    /** Throws 1001 naming the first of {@code names} (in the given order) that is absent. */
    void requireAll(String... names) {
        for (String name : names) {
            if (optional(name).isEmpty()) {
                throw missing(name);
            }
        }
    }

    static ApiException missing(String name) {
        return new ApiException(ErrorCode.MISSING_PARAMETER, name + " is required", name);
    }

    String required(String name) {
        return optional(name).orElseThrow(() -> missing(name));
    }

    /** The trimmed value; empty when absent or blank. Without a list or a stream: every parameter passes here. */
    Optional<String> optional(String name) {
        String[] given = values.get(name);
        if (given == null) {
            return Optional.empty();
        }
        String present = null;
        for (String v : given) {
            String trimmed = v == null ? "" : v.trim();
            if (!trimmed.isEmpty()) {
                if (present != null) {
                    throw ParamRules.invalid(name, "given once");
                }
                present = trimmed;
            }
        }
        return Optional.ofNullable(present);
    }

    /**
     * An array parameter: repeated values and comma-separated lists, trimmed, empty items dropped, lower-cased for
     * case-insensitive matching; each item at most 128 characters, at most 64 items.
     */
    Set<String> list(String name) {
        String[] given = values.get(name);
        if (given == null) {
            return Set.of();
        }
        Set<String> items = new LinkedHashSet<>();
        for (String v : given) {
            for (String item : v.split(",", -1)) {
                String t = item.trim();
                if (!t.isEmpty()) {
                    ParamRules.text(name, t, ParamRules.SHORT_TEXT_MAX);
                    items.add(t.toLowerCase(Locale.ROOT));
                }
            }
        }
        if (items.size() > LIST_MAX_ITEMS) {
            throw ParamRules.invalid(name, "a list of at most " + LIST_MAX_ITEMS + " provider keys");
        }
        return Collections.unmodifiableSet(items);
    }
}
