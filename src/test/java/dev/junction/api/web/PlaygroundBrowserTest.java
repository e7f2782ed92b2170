package dev.junction.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The playground in a real browser against the real server on the embedded sandbox (snapshot market, embedded
 * network): runs {@code playground/test/playground.test.mjs} (node's test runner, playwright-core driving Debian's
 * Chromium) and fails when it fails. Its screenshots land in {@code target/playground-screenshots}. The build's
 * {@code npm ci} in {@code playground/} installed playwright-core; Chromium comes from Debian ({@code .ci/run}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PlaygroundBrowserTest {

    static final File DIR = new File("playground");

    @LocalServerPort
    int port;

    @Test
    void theBrowserTestsPass() throws Exception {
        ProcessBuilder node = new ProcessBuilder("node", "--test", "--test-reporter=spec", "test/playground.test.mjs")
                .directory(DIR).redirectErrorStream(true);
        node.environment().put("JUNCTION_URL", "http://127.0.0.1:" + port);
        node.environment().put("SCREENSHOTS", Path.of("target/playground-screenshots").toAbsolutePath().toString());
        Process process = node.start();
        // node's report into the test's output (surefire keeps it with the test's report)
        Thread echo = Thread.ofVirtual().start(() -> process.inputReader(StandardCharsets.UTF_8).lines()
                .forEach(System.out::println));
        try {
            boolean finished = process.waitFor(8, TimeUnit.MINUTES);
            assertThat(finished).as("the browser tests finished within 8 minutes").isTrue();
            echo.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(process.exitValue()).as("exit code of node --test (its output is above)").isZero();
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
