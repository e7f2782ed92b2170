package dev.junction;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;

/**
 * The module table of {@code docs/ARCHITECTURE.md} (the table headed {@code | module | what it holds | depends on |})
 * stays true of the code (issue 35, item 7). Rules:
 * <ul>
 *   <li>Every Spring Modulith module of {@link JunctionApplication} has exactly one row, and every row names a module
 *       (the first cell, in backticks).</li>
 *   <li>The "depends on" cell is a comma-separated list of module names; text in parentheses after a name is a note
 *       and ignored; {@code -} means none.</li>
 *   <li>A module whose {@code package-info.java} declares {@code @ApplicationModule(allowedDependencies = ...)} lists
 *       exactly the declared modules. A named interface ({@code market :: math}) counts as its module: the cell
 *       names modules only, so {@code market} stands for both {@code market} and {@code market :: math}.</li>
 *   <li>Any other module lists exactly the modules it depends on directly per Modulith
 *       ({@code ApplicationModule.getDirectDependencies}, all dependency types).</li>
 * </ul>
 */
class ArchitectureDocTest {

    static final Path DOC = Path.of("docs/ARCHITECTURE.md");
    static final String HEADER = "| module | what it holds | depends on |";
    static final Pattern NOTE = Pattern.compile("\\([^()]*\\)");

    static ApplicationModules modules;

    /** One row of the module table: the module's name and the module names of its "depends on" cell. */
    record Row(String module, Set<String> dependsOn) {
    }

    @BeforeAll
    static void readModules() {
        modules = ApplicationModules.of(JunctionApplication.class);
    }

    @Test
    void everyModuleHasExactlyOneRowAndEveryRowIsAModule() throws IOException {
        List<String> named = rows(Files.readString(DOC, StandardCharsets.UTF_8)).stream().map(Row::module).toList();
        assertThat(named).as("module rows of %s", DOC).doesNotHaveDuplicates();
        assertThat(moduleNames()).as("modules without a row in %s", DOC).isSubsetOf(named);
        assertThat(named).as("rows of %s that name no module", DOC).isSubsetOf(moduleNames());
    }

    @Test
    void dependsOnListsTheDeclaredOrActualDependencies() throws IOException {
        assertThat(mismatches(rows(Files.readString(DOC, StandardCharsets.UTF_8))))
                .as("rows of %s whose 'depends on' cell is not true of the code", DOC).isEmpty();
    }

    @Test
    void aWrongRowFails() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        String storeRow = doc.lines().filter(l -> l.startsWith("| `store` |")).findFirst().orElseThrow();
        String wrong = storeRow.substring(0, storeRow.lastIndexOf('|', storeRow.length() - 2)) + "| chain |";
        assertThat(mismatches(rows(doc.replace(storeRow, wrong))))
                .contains("store: the doc says [chain], the code [] (declared in package-info.java)");
        assertThat(rows(doc.replace(storeRow, storeRow + "\n" + storeRow)).stream().map(Row::module).toList())
                .hasSize(moduleNames().size() + 1);
    }

    /** One line per row whose cell differs from the code: module, documented, expected and where that comes from. */
    static List<String> mismatches(List<Row> rows) {
        Map<String, Set<String>> expected = expectedDependencies();
        return rows.stream()
                .filter(r -> expected.containsKey(r.module()) && !expected.get(r.module()).equals(r.dependsOn()))
                .map(r -> "%s: the doc says %s, the code %s (%s)".formatted(r.module(), r.dependsOn(),
                        expected.get(r.module()), declared(packageOf(r.module())).isPresent()
                                ? "declared in package-info.java" : "Modulith's direct dependencies"))
                .toList();
    }

    static String packageOf(String module) {
        return modules.getModuleByName(module).orElseThrow().getBasePackage().getName();
    }

    static Set<String> moduleNames() {
        return modules.stream().map(m -> m.getIdentifier().toString()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Per module: the declared allowed dependencies (named interfaces as their module), else the actual ones. */
    static Map<String, Set<String>> expectedDependencies() {
        Map<String, Set<String>> expected = new TreeMap<>();
        modules.forEach(module -> {
            String name = module.getIdentifier().toString();
            Set<String> deps = declared(module.getBasePackage().getName()).orElseGet(() -> module
                    .getDirectDependencies(modules).uniqueModules()
                    .map(m -> m.getIdentifier().toString())
                    .collect(Collectors.toCollection(TreeSet::new)));
            expected.put(name, deps);
        });
        return expected;
    }

    static Optional<Set<String>> declared(String basePackage) {
        ApplicationModule annotation;
        try {
            annotation = Class.forName(basePackage + ".package-info").getAnnotation(ApplicationModule.class);
        } catch (ClassNotFoundException noPackageInfo) {
            return Optional.empty();
        }
        if (annotation == null || Arrays.asList(annotation.allowedDependencies()).contains(ApplicationModule.OPEN_TOKEN)) {
            return Optional.empty();
        }
        return Optional.of(Arrays.stream(annotation.allowedDependencies())
                .map(d -> d.split("::")[0].trim())
                .collect(Collectors.toCollection(TreeSet::new)));
    }

    /** The rows of the module table, in order. */
    static List<Row> rows(String doc) {
        List<String> lines = doc.lines().toList();
        int header = lines.indexOf(HEADER);
        assertThat(header).as("%s has the module table headed %s", DOC, HEADER).isNotNegative();
        List<Row> rows = new ArrayList<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i);
            String first = line.substring(1, line.indexOf('|', 1)).trim();
            String last = line.substring(line.lastIndexOf('|', line.length() - 2) + 1, line.length() - 1).trim();
            rows.add(new Row(first.replace("`", ""), dependencies(last)));
        }
        return rows;
    }

    static Set<String> dependencies(String cell) {
        String names = NOTE.matcher(cell).replaceAll("").replace("`", "").trim();
        if (names.equals("-")) {
            return Set.of();
        }
        return Arrays.stream(names.split(",")).map(String::trim).collect(Collectors.toCollection(TreeSet::new));
    }
}
