package dev.junction.calldata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The calldata of fixed inputs is pinned byte for byte in src/test/resources/calldata/&lt;case&gt;.hex. A deliberate
 * encoding change regenerates them with {@code -Dcalldata.golden.update=true} (and the diff is reviewed); a missing
 * file fails.
 */
class CalldataGoldenTest {

    static final Path DIR = Path.of("src/test/resources/calldata");

    @TestFactory
    Stream<DynamicTest> calldataMatchesTheGoldenFiles() {
        boolean update = Boolean.getBoolean("calldata.golden.update");
        TransactionBuilder builder = new TransactionBuilder();
        return GoldenCases.all().entrySet().stream().map((Map.Entry<String, RouteCall> e) ->
                DynamicTest.dynamicTest(e.getKey(), () -> {
                    String data = builder.build(e.getValue()).data();
                    Path file = DIR.resolve(e.getKey() + ".hex");
                    if (update) {
                        Files.createDirectories(DIR);
                        Files.writeString(file, data + "\n");
                    }
                    assertThat(file).as("golden file " + file + " (regenerate with -Dcalldata.golden.update=true)")
                            .exists();
                    assertThat(data).isEqualTo(read(file));
                }));
    }

    static String read(Path file) throws IOException {
        return Files.readString(file).trim();
    }
}
