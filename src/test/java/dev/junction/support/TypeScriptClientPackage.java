package dev.junction.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The TypeScript client, {@code clients/typescript} ({@code @junction/client}), for the tests that run it: installed
 * with {@code npm ci} (from the npm registry, only when its lock changed since the last install) and built
 * ({@code scripts/build.mjs}: ESM, CommonJS, .d.ts) once per JVM; and the commands they run with it.
 */
public final class TypeScriptClientPackage {

    /** The package's directory (tests run from the project root). */
    public static final File DIR = new File("clients/typescript");

    private static boolean built;

    private TypeScriptClientPackage() {
    }

    /** Installs (when its lock changed) and builds the package, once per JVM. */
    public static synchronized void build() throws IOException, InterruptedException {
        if (built) {
            return;
        }
        String lock = sha256(DIR.toPath().resolve("package-lock.json"));
        Path installed = DIR.toPath().resolve("node_modules/.junction-lock.sha256");
        if (!Files.isRegularFile(installed) || !Files.readString(installed).equals(lock)) {
            run(DIR, Map.of(), 600, "npm", "ci", "--no-audit", "--no-fund");
            Files.writeString(installed, lock);
        }
        run(DIR, Map.of(), 300, "node", "scripts/build.mjs");
        built = true;
    }

    /**
     * Runs a command in {@code dir} with extra environment variables and answers its output (stdout and stderr
     * together, also echoed to the test's log); fails, with that output, when it runs longer than
     * {@code timeoutSeconds} or exits other than 0.
     */
    public static String run(File dir, Map<String, String> env, int timeoutSeconds, String... command)
            throws IOException, InterruptedException {
        Path output = Files.createTempFile("command", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(dir).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            process.getOutputStream().close();
            boolean finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String out = Files.readString(output, StandardCharsets.UTF_8);
            System.out.println(out);
            assertThat(finished).as("%s in %s finished within %d s; output:%n%s", String.join(" ", command), dir,
                    timeoutSeconds, out).isTrue();
            assertThat(process.exitValue()).as("exit status of %s in %s; output:%n%s", String.join(" ", command), dir,
                    out).isZero();
            return out;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
