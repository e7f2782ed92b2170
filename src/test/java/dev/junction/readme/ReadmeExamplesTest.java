package dev.junction.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The README's examples are executed (issue 12, item 10). Every fenced code block of README.md carries a marker on
 * the line before it (the team convention):
 * <ul>
 *   <li>{@code <!-- runnable: sandbox -->}: run against a real sandbox server this test starts (the default
 *       embedded market and network, clock speed 60, on a free port: {@code localhost:8080} is rewritten
 *       to it). A {@code bash} block runs in bash and must exit 0; every response envelope it prints must have code
 *       0, unless the block shows the expected envelope in a comment ({@code # {"code":1002,...}}), then that code.
 *       A {@code js} block runs in Node.js with ethers v6 ({@code src/test/node-gasless}) and must exit 0; a js block
 *       without an {@code import} continues the walk of the js block before it (both run as one script). A
 *       {@code java} block is one program (its {@code public class}) run with the JDK's source launcher
 *       ({@code java File.java}) and must exit 0. The server allows webhooks to 127.0.0.1.</li>
 *   <li>{@code <!-- runnable: local-chains -->}: run by the local-chains walk test (the {@code chains} engineer's).</li>
 *   <li>{@code <!-- runnable: typescript-client -->}: README's TypeScript quickstart, type-checked, compiled and run
 *       against a sandbox server by {@code TypeScriptClientTest}, in a project that installed the packed client.</li>
 *   <li>{@code <!-- example-output -->} and {@code <!-- not-runnable: reason -->}: output, configuration or
 *       illustrative blocks.</li>
 * </ul>
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "junction.rate-limit.enabled=false", "junction.simulation.clock-speed=60",
    "junction.webhooks.allowed-hosts=127.0.0.1"})
class ReadmeExamplesTest {

    static final Path README = Path.of("README.md");
    static final Pattern MARKER = Pattern.compile(
            "<!-- (runnable: sandbox|runnable: local-chains|runnable: typescript-client|example-output"
                    + "|not-runnable: \\S.*) -->");
    static final Pattern ENVELOPE = Pattern.compile("\\{\"code\":(\\d+),\"data\"");
    static final Pattern EXPECTED = Pattern.compile("#\\s*\\{\"code\":(\\d+)");

    @LocalServerPort
    int port;

    /** One fenced block: its first line number, language, the marker before it (or null) and its text. */
    record Block(int line, String language, String marker, String text) {
    }

    static List<Block> blocks() throws IOException {
        List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (!l.startsWith("```")) {
                continue;
            }
            int start = i;
            String marker = null;
            for (int k = i - 1; k >= 0; k--) {
                if (!lines.get(k).isBlank()) {
                    Matcher m = MARKER.matcher(lines.get(k).trim());
                    marker = m.matches() ? m.group(1) : null;
                    break;
                }
            }
            StringBuilder text = new StringBuilder();
            for (i = i + 1; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                text.append(lines.get(i)).append('\n');
            }
            out.add(new Block(start + 1, l.substring(3).trim(), marker, text.toString()));
        }
        return out;
    }

    @Test
    void everyCodeBlockSaysWhetherItIsRunAndByWhom() throws IOException {
        List<Block> blocks = blocks();
        assertThat(blocks).hasSizeGreaterThan(10);
        assertThat(blocks.stream().filter(b -> b.marker() == null).map(b -> "README.md:" + b.line()).toList())
                .as("blocks without <!-- runnable: sandbox|local-chains|typescript-client -->, "
                        + "<!-- example-output --> or <!-- not-runnable: reason --> on the line before").isEmpty();
        assertThat(blocks.stream().filter(b -> "runnable: sandbox".equals(b.marker())).toList())
                .as("sandbox examples").hasSizeGreaterThan(5);
    }

    @TestFactory
    Stream<DynamicTest> everySandboxExampleRunsAgainstARealServer() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        String walk = "";
        for (Block b : blocks()) {
            if (!"runnable: sandbox".equals(b.marker())) {
                continue;
            }
            if (b.language().equals("js")) {
                walk = b.text().contains("import ") ? b.text() : walk + b.text();
                String script = walk;
                tests.add(DynamicTest.dynamicTest("README.md:" + b.line(), () -> runJs(b, script)));
            } else if (b.language().equals("java")) {
                tests.add(DynamicTest.dynamicTest("README.md:" + b.line(), () -> runJava(b)));
            } else {
                tests.add(DynamicTest.dynamicTest("README.md:" + b.line(), () -> runBash(b)));
            }
        }
        return tests.stream();
    }

    private String local(String text) {
        String base = "http://127.0.0.1:" + port;
        return text.replace("http://localhost:8080", base).replace("localhost:8080", base);
    }

    private static String execute(Block b, ProcessBuilder pb, int seconds) throws Exception {
        Process p = pb.redirectErrorStream(true).start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("README.md:" + b.line() + " did not finish within " + seconds + " s");
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("README.md:%d exit status; output:%n%s", b.line(), output).isZero();
        return output;
    }

    private void runJs(Block b, String walk) throws Exception {
        File dir = new File("src/test/node-gasless");
        if (!new File(dir, "node_modules/ethers").isDirectory()) {
            execute(b, new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(dir), 300);
        }
        Path script = dir.toPath().resolve("readme-example-" + b.line() + ".mjs");
        Files.writeString(script, local(walk));
        try {
            execute(b, new ProcessBuilder("node", script.getFileName().toString()).directory(dir), 240);
        } finally {
            Files.deleteIfExists(script);
        }
    }

    static final Pattern PUBLIC_CLASS = Pattern.compile("public class (\\w+)");

    private void runJava(Block b) throws Exception {
        Matcher name = PUBLIC_CLASS.matcher(b.text());
        assertThat(name.find()).as("README.md:%d: a java example is one public class", b.line()).isTrue();
        Path dir = Files.createTempDirectory("readme-java-");
        Path source = dir.resolve(name.group(1) + ".java");
        Files.writeString(source, local(b.text()));
        String java = ProcessHandle.current().info().command().orElse("java");
        try {
            execute(b, new ProcessBuilder(java, source.toString()).directory(dir.toFile()), 120);
        } finally {
            Files.deleteIfExists(source);
            Files.deleteIfExists(dir);
        }
    }

    private void runBash(Block b) throws Exception {
        assertThat(b.language()).as("README.md:%d: sandbox examples are bash or js", b.line())
                .isIn("bash", "sh", "shell");
        String output = execute(b, new ProcessBuilder("bash", "-c", "set -euo pipefail\n" + local(b.text())), 120);

        Set<String> expected = new LinkedHashSet<>(List.of("0"));
        EXPECTED.matcher(b.text()).results().forEach(r -> expected.add(r.group(1)));
        List<String> codes = ENVELOPE.matcher(output).results().map(r -> r.group(1)).toList();
        assertThat(output).as("README.md:%d prints the answers", b.line()).isNotBlank();
        assertThat(codes).as("README.md:%d envelope codes; output:%n%s", b.line(), output).allMatch(expected::contains);
        if (expected.size() > 1) {
            assertThat(codes).as("README.md:%d shows the error it documents", b.line())
                    .containsAll(expected.stream().skip(1).toList());
        }
    }
}
