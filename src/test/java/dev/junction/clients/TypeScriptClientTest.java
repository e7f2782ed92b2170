package dev.junction.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TypeScriptClientPackage;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.util.FileSystemUtils;

/**
 * The TypeScript client, {@code clients/typescript} ({@code @junction/client}, issue 41), against a real Junction on
 * the sandbox this test starts (embedded market and network, clock speed 600: swaps end in seconds):
 * <ol>
 *   <li>its committed types ({@code src/schema.ts}) are exactly what openapi-typescript generates from this service's
 *       {@code /v3/api-docs}: a change of the API that is not regenerated fails here;</li>
 *   <li>its own tests pass ({@code test/sandbox.test.mjs}: every method, gasless swaps signed with ethers v6 and viem
 *       followed to DONE, {@code JunctionError} with the catalogue's code and param, every answer and every example
 *       of the document checked against the document's schemas);</li>
 *   <li>a consumer project type-checks with {@code tsc --noEmit} against the packed tarball ({@code npm pack}, then
 *       installed as a dependency): ESM and CommonJS with node16 resolution, and a browser file with bundler
 *       resolution and the DOM only; README's TypeScript quickstart (the block marked
 *       {@code <!-- runnable: typescript-client -->}) is type-checked there too, then run to DONE.</li>
 * </ol>
 * The same client on the local chains (ethers and viem wallets sending built transactions, gasless swaps) runs in
 * {@code LocalChainsWalkTest}, on its chains and its Junction in chain mode.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "junction.rate-limit.enabled=false", "junction.simulation.clock-speed=600",
    "junction.webhooks.allowed-hosts=127.0.0.1"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TypeScriptClientTest {

    private static final Path WORK = Path.of("target/typescript-client");
    private static final Pattern QUICKSTART = Pattern.compile(
            "<!-- runnable: typescript-client -->\\s*\\n```ts\\n(.*?)\\n```", Pattern.DOTALL);

    @LocalServerPort
    int port;

    @BeforeAll
    static void build() throws Exception {
        TypeScriptClientPackage.build();
        FileSystemUtils.deleteRecursively(WORK);
        Files.createDirectories(WORK);
    }

    private String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    @Test
    @Order(1)
    void theCommittedTypesAreWhatTheServicesDocumentGenerates() throws Exception {
        HttpResponse<String> docs = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(baseUrl() + "/v3/api-docs")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(docs.statusCode()).isEqualTo(200);
        Path document = WORK.resolve("api-docs.json").toAbsolutePath();
        Path generated = WORK.resolve("schema.ts").toAbsolutePath();
        Files.writeString(document, docs.body());
        TypeScriptClientPackage.run(TypeScriptClientPackage.DIR, Map.of(), 120, "node", "scripts/generate.mjs",
                document.toString(), generated.toString());
        List<String> expected = Files.readAllLines(generated);
        List<String> committed = Files.readAllLines(TypeScriptClientPackage.DIR.toPath().resolve("src/schema.ts"));
        int line = 0;
        while (line < Math.min(expected.size(), committed.size()) && expected.get(line).equals(committed.get(line))) {
            line++;
        }
        assertThat(line).as("""
                clients/typescript/src/schema.ts is not what openapi-typescript generates from the service's \
                /v3/api-docs, from line %d on:%n  committed: %s%n  generated: %s%nRegenerate it (npm run generate \
                in clients/typescript, against a running Junction) or copy %s over it""", line + 1,
                line < committed.size() ? committed.get(line) : "(end of file)",
                line < expected.size() ? expected.get(line) : "(end of file)", generated)
                .isEqualTo(Math.max(expected.size(), committed.size()));
    }

    @Test
    @Order(2)
    void theClientsTestsPassAgainstTheSandbox() throws Exception {
        String out = TypeScriptClientPackage.run(TypeScriptClientPackage.DIR, Map.of("JUNCTION_URL", baseUrl()),
                600, "node", "--test", "--test-reporter=spec", "test/sandbox.test.mjs");
        assertThat(out).contains("\u2139 fail 0").doesNotContain("\u2139 pass 0"); // node's spec reporter
    }

    @Test
    @Order(3)
    void aConsumerTypeChecksAgainstThePackedTarballAndTheReadmeQuickstartRunsToDone() throws Exception {
        // the dist/ build() made; npm pack would build it again (prepack), as it does for a user
        TypeScriptClientPackage.run(TypeScriptClientPackage.DIR, Map.of(), 120, "npm", "pack", "--ignore-scripts",
                "--pack-destination", WORK.toAbsolutePath().toString());
        Path tarball = WORK.resolve("junction-client-0.1.0.tgz").toAbsolutePath();
        assertThat(tarball).as("npm pack's tarball of @junction/client 0.1.0").exists();

        Path consumer = WORK.resolve("consumer");
        FileSystemUtils.copyRecursively(TypeScriptClientPackage.DIR.toPath().resolve("test/consumer"), consumer);
        Matcher quickstart = QUICKSTART.matcher(Files.readString(Path.of("README.md")));
        assertThat(quickstart.find()).as("README.md has a <!-- runnable: typescript-client --> ts block").isTrue();
        Files.writeString(consumer.resolve("src/quickstart.ts"), quickstart.group(1)
                .replace("http://localhost:8080", baseUrl()) + "\n");
        assertThat(quickstart.find()).as("one TypeScript quickstart").isFalse();

        File dir = consumer.toFile();
        TypeScriptClientPackage.run(dir, Map.of(), 600, "npm", "install", "--no-audit", "--no-fund",
                "--no-package-lock", "--prefer-offline", tarball.toString());
        assertThat(consumer.resolve("node_modules/@junction/client/dist/cjs/index.d.ts")).exists();
        for (String project : List.of("tsconfig.json", "tsconfig.bundler.json")) {
            TypeScriptClientPackage.run(dir, Map.of(), 300, "node", "node_modules/typescript/bin/tsc", "--noEmit",
                    "-p", project);
        }
        TypeScriptClientPackage.run(dir, Map.of(), 120, "node", "transpile.mjs");
        String out = TypeScriptClientPackage.run(dir, Map.of(), 300, "node", "build/quickstart.mjs");
        assertThat(out).containsPattern("best route \\d+ WETH wei via ").contains("DONE COMPLETED")
                .containsPattern("(?m)^DONE \\d+$").contains("1004 amount 400");
    }
}
