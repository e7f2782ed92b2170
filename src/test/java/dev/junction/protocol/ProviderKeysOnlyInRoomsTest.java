package dev.junction.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main code outside the protocol module names a provider key: every string literal of {@code src/main/java}
 * outside {@code dev/junction/protocol} is checked against the keys and fork names the rooms list (a literal that is a
 * key, or starts with one followed by a non-alphanumeric character, e.g. {@code "across-"}).
 */
class ProviderKeysOnlyInRoomsTest {

    static final Path MAIN = Path.of("src/main/java");
    static final Path PROTOCOL = MAIN.resolve("dev/junction/protocol");

    static Set<String> keys() {
        Set<String> keys = new TreeSet<>();
        Protocols.dexes().forEach(d -> keys.addAll(d.providerKeys()));
        Protocols.bridges().forEach(b -> keys.addAll(b.providerKeys()));
        return keys;
    }

    /** A literal naming a key: the key alone or followed by a character that cannot continue a key's word. */
    static Pattern naming(Set<String> keys) {
        return Pattern.compile("^(" + String.join("|", keys.stream().map(Pattern::quote).toList())
                + ")($|[^a-z0-9])");
    }

    @Test
    void theRoomsListTheKeysThisTestLooksFor() {
        assertThat(keys()).contains("uniswap-v2", "uniswap-v3", "sushiswap", "pancakeswap", "quickswap", "camelot",
                "aerodrome", "velodrome", "trader-joe", "curve", "across", "cctp", "stargate", "hop", "celer",
                "wormhole");
    }

    @Test
    void noMainCodeOutsideTheProtocolModuleNamesAProviderKey() throws IOException {
        Pattern naming = naming(keys());
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).filter(p -> !p.startsWith(PROTOCOL))
                    .sorted().toList()) {
                for (String literal : stringLiterals(Files.readString(f))) {
                    if (naming.matcher(literal).find()) {
                        found.add(f + ": \"" + literal + "\"");
                    }
                }
            }
        }
        assertThat(found).as("provider keys named outside dev.junction.protocol: ask the registry (Protocols)")
                .isEmpty();
    }

    @Test
    void theScanFindsAKeyInALiteralButNotInACommentOrAnotherWord() {
        Pattern naming = naming(keys());
        List<String> literals = stringLiterals("""
                // "across" in a comment
                /* "cctp" in a block comment */
                String a = "across-v2"; String b = "hopscotch"; char c = '"'; String d = "x\\"curve";
                String e = "curve";
                """);
        assertThat(literals).containsExactly("across-v2", "hopscotch", "x\\\"curve", "curve");
        assertThat(literals.stream().filter(l -> naming.matcher(l).find())).containsExactly("across-v2", "curve");
    }

    /** The string literals of Java source (text blocks included), without comments and character literals. */
    static List<String> stringLiterals(String source) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i) < 0 ? n : source.indexOf('\n', i);
            } else if (source.startsWith("/*", i)) {
                i = source.indexOf("*/", i + 2) < 0 ? n : source.indexOf("*/", i + 2) + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end;
                for (String line : source.substring(i + 3, end).split("\n")) {
                    out.add(line.strip());
                }
                i = end + 3;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                if (c == '"') {
                    out.add(source.substring(i + 1, Math.min(j, n)));
                }
                i = j + 1;
            } else {
                i++;
            }
        }
        return out;
    }
}
