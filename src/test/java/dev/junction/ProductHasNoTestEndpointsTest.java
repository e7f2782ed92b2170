package dev.junction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.endpoints.TestEndpoints;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.MethodMetadata;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * The product's classes (what the jar packs: {@code target/classes}) hold no test endpoint: no controller maps a path
 * under {@code /internal/test}, and no class is named {@code Test...}. The test-only endpoints that submit unsigned
 * swaps or drive the relayer live in the test sources ({@link TestEndpoints}); this keeps them from coming back.
 */
class ProductHasNoTestEndpointsTest {

    private static final String TEST_PATHS = "/internal/test";
    private static final Pattern TEST_NAME = Pattern.compile("Test([A-Z].*)?");

    private final MetadataReaderFactory readers = new SimpleMetadataReaderFactory();

    @Test
    void noProductClassIsATestEndpointOrNamedTest() throws Exception {
        Scan product = scan(root(JunctionApplication.class));
        assertThat(product.controllers()).as("controllers found in the product classes").isNotEmpty();
        assertThat(product.testEndpoints()).as("test endpoints in the product classes").isEmpty();
    }

    /** The same scan over the test sources finds the test endpoints there: the check above can fail. */
    @Test
    void theScanFindsTheTestEndpointsOfTheTestSources() throws Exception {
        Scan tests = scan(root(TestEndpoints.class).resolve(TestEndpoints.class.getPackageName().replace('.', '/')));
        assertThat(tests.testEndpoints()).anySatisfy(e -> assertThat(e).contains("TestSwapController",
                TEST_PATHS + "/swaps")).anySatisfy(e -> assertThat(e).contains("TestRelayerController",
                TEST_PATHS + "/relayer/transfers"));
    }

    /** The class path root {@code type} was loaded from. */
    private static Path root(Class<?> type) throws URISyntaxException {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return Path.of(source.getLocation().toURI());
    }

    /**
     * @param controllers every {@code @Controller} (or {@code @RestController}) class
     * @param testEndpoints each class named {@code Test...} and each controller's mapping under {@code /internal/test}
     */
    private record Scan(List<String> controllers, List<String> testEndpoints) {
    }

    private Scan scan(Path dir) throws IOException {
        List<String> controllers = new ArrayList<>();
        List<String> testEndpoints = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String file = f.getFileName().toString();
                if (file.equals("module-info.class") || file.equals("package-info.class")) {
                    continue;
                }
                AnnotationMetadata type = readers.getMetadataReader(new FileSystemResource(f)).getAnnotationMetadata();
                String simpleName = type.getClassName().substring(type.getClassName().lastIndexOf('.') + 1);
                for (String part : simpleName.split("\\$")) {
                    if (TEST_NAME.matcher(part).matches()) {
                        testEndpoints.add(type.getClassName() + " is named " + part);
                    }
                }
                if (type.hasAnnotation(Controller.class.getName())
                        || type.hasMetaAnnotation(Controller.class.getName())) {
                    controllers.add(type.getClassName());
                    for (String path : mappings(type)) {
                        if (path.startsWith(TEST_PATHS)) {
                            testEndpoints.add(type.getClassName() + " maps " + path);
                        }
                    }
                }
            }
        }
        return new Scan(controllers, testEndpoints);
    }

    /** Every path a controller maps: its class-level prefixes joined with each handler method's paths. */
    private static List<String> mappings(AnnotationMetadata type) {
        List<String> prefixes = paths(type.getAnnotations().get(RequestMapping.class));
        List<String> out = new ArrayList<>();
        for (MethodMetadata method : type.getAnnotatedMethods(RequestMapping.class.getName())) {
            for (String prefix : prefixes.isEmpty() ? List.of("") : prefixes) {
                List<String> own = paths(method.getAnnotations().get(RequestMapping.class));
                for (String path : own.isEmpty() ? List.of("") : own) {
                    out.add(prefix + path);
                }
            }
        }
        return out;
    }

    private static List<String> paths(MergedAnnotation<RequestMapping> mapping) {
        return mapping.isPresent() ? List.of(mapping.getStringArray("path")) : List.of();
    }
}
