package dev.junction.protocol;

import java.util.List;
import java.util.Locale;

/**
 * A fork of a DEX family: its provider key and the call shape its router (or Junction's adapter) takes. A DEX room
 * lists its forks as constants, the family's own first ({@link DexProtocol#forks()}).
 *
 * @param key the provider key (lower case); a key starting with it is this fork's
 * @param shape the step shape of its swaps
 */
public record Fork(String key, StepShape shape) {

    /** The fork of a provider key among {@code forks}; the first (the family's own) for a key none names. */
    public static Fork of(List<Fork> forks, String providerKey) {
        String p = providerKey.toLowerCase(Locale.ROOT);
        for (Fork f : forks) {
            if (p.startsWith(f.key)) {
                return f;
            }
        }
        return forks.getFirst();
    }

    /** The forks' keys, in order. */
    public static List<String> keys(List<Fork> forks) {
        return forks.stream().map(Fork::key).toList();
    }
}
