package dev.junction.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs the contract suite ({@code contracts/}, a Foundry project) from {@code ./mvnw verify}: installs the pinned
 * toolchain with {@code npm ci} (solc-js, forge, forge-std, OpenZeppelin and the protocols' real bytecode) when
 * {@code contracts/node_modules} is missing or older than the lock file, then {@code forge test --offline}: unit,
 * fuzz and invariant tests. Any failing forge test fails this test, with forge's output as the message.
 */
class ForgeSuiteTest {

    static final Path CONTRACTS = Path.of("contracts");

    @Test
    void forgeSuitePasses() throws Exception {
        installToolchain();
        Result forge = run(List.of(forge().toString(), "test", "--offline"), Duration.FORGE);
        assertThat(forge.exit).as("forge test failed:\n" + forge.out).isZero();
        assertThat(forge.out).contains("0 failed").doesNotContain("[FAIL");
    }

    static void installToolchain() throws Exception {
        Path installed = CONTRACTS.resolve("node_modules/.package-lock.json");
        Path lock = CONTRACTS.resolve("package-lock.json");
        if (!Files.exists(installed) || Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lock)) < 0
                || !Files.exists(forge())) {
            Result npm = run(List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"), Duration.NPM);
            assertThat(npm.exit).as("npm ci in contracts/ failed:\n" + npm.out).isZero();
        }
    }

    static Path forge() {
        return CONTRACTS.resolve("node_modules/@foundry-rs/forge-linux-amd64/bin/forge").toAbsolutePath();
    }

    enum Duration {
        NPM(600), FORGE(900);

        final long seconds;

        Duration(long seconds) {
            this.seconds = seconds;
        }
    }

    record Result(int exit, String out) {
    }

    static Result run(List<String> command, Duration limit) throws IOException, InterruptedException {
        Path log = Files.createTempFile("contracts-", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(CONTRACTS.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(limit.seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return new Result(-1, command + " timed out after " + limit.seconds + " s\n" + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
