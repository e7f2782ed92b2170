package dev.junction.support.endpoints;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * The test-only endpoints ({@code /internal/test/**}: {@link TestSwapController}, {@link TestRelayerController}) for a
 * packaged service started as a separate process. They live in the test sources, so the product jar never holds them;
 * a test puts {@link #classPath} on the child's class path and sets {@code junction.execution.test-endpoint=true}.
 *
 * <p>Only this package goes on that class path, not all of {@code target/test-classes}: the test resources there
 * ({@code config/application.yml}: an in-memory database, no living market) would change the service under test.
 */
public final class TestEndpoints {

    /** The property that enables the endpoints (they are off without it). */
    public static final String PROPERTY = "junction.execution.test-endpoint";

    private TestEndpoints() {
    }

    /**
     * Copies the compiled classes of this package into {@code dir} (a class path root, created when missing) and
     * answers it.
     */
    public static Path classPath(Path dir) {
        String packagePath = TestEndpoints.class.getPackageName().replace('.', '/');
        Path from = compiledClasses().resolve(packagePath);
        Path to = dir.resolve(packagePath);
        try (Stream<Path> files = Files.list(from)) {
            List<Path> classes = files.filter(f -> f.getFileName().toString().endsWith(".class")).toList();
            Files.createDirectories(to);
            for (Path c : classes) {
                Files.copy(c, to.resolve(c.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the test endpoints from " + from + " to " + to, e);
        }
        return dir;
    }

    /** The class path root this class was loaded from ({@code target/test-classes}). */
    private static Path compiledClasses() {
        try {
            return Path.of(TestEndpoints.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
