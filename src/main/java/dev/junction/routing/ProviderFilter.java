package dev.junction.routing;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which providers a request may use: when {@code include} is non-empty only those keys, never the keys in
 * {@code exclude}. Keys are compared in lower case.
 *
 * @param include provider keys to restrict to; empty = all
 * @param exclude provider keys to leave out
 */
public record ProviderFilter(Set<String> include, Set<String> exclude) {

    public static final ProviderFilter ALL = new ProviderFilter(Set.of(), Set.of());

    public ProviderFilter {
        include = lower(include);
        exclude = lower(exclude);
    }

    public boolean allows(String providerKey) {
        String k = providerKey.toLowerCase(Locale.ROOT);
        return (include.isEmpty() || include.contains(k)) && !exclude.contains(k);
    }

    public boolean isAll() {
        return include.isEmpty() && exclude.isEmpty();
    }

    private static Set<String> lower(Set<String> keys) {
        return keys == null ? Set.of()
                : keys.stream().map(k -> k.trim().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }
}
