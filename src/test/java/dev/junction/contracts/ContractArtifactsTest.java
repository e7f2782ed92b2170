package dev.junction.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Hex;
import dev.junction.deploy.ContractArtifacts;
import dev.junction.protocol.RoomSamples;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contracts the build puts on the classpath ({@code contracts/<Name>.json}, compiled by
 * {@code contracts/scripts/artifacts.mjs} with the pinned solc-js) are there, and their creation bytecode is byte for
 * byte what {@code forge build} makes of the same sources with foundry.toml: the deploy command deploys exactly the
 * contracts the forge suite tests.
 */
class ContractArtifactsTest {

    /** The router and every adapter a protocol room deploys. */
    static final List<String> DEPLOYED = Stream.concat(Stream.of(ContractArtifacts.ROUTER),
            RoomSamples.adapterArtifacts().stream()).toList();

    final JsonMapper json = JsonMapper.builder().build();

    @Test
    void theBuildsBytecodeIsForgesBytecode() throws Exception {
        ForgeSuiteTest.installToolchain();
        ForgeSuiteTest.Result build = ForgeSuiteTest.run(List.of(ForgeSuiteTest.forge().toString(), "build",
                "--offline"), ForgeSuiteTest.Duration.FORGE);
        assertThat(build.exit()).as("forge build failed:\n" + build.out()).isZero();
        for (String name : DEPLOYED) {
            JsonNode artifact;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("contracts/" + name + ".json")) {
                assertThat(in).as("contracts/%s.json on the classpath (built by ./mvnw generate-resources)", name)
                        .isNotNull();
                artifact = json.readTree(in);
            }
            assertThat(artifact.path("abi").isArray()).isTrue();
            Path forgeOut = Files.walk(ForgeSuiteTest.CONTRACTS.resolve("out"))
                    .filter(p -> p.getFileName().toString().equals(name + ".json")).findFirst().orElseThrow();
            String forgeBytecode = json.readTree(forgeOut.toFile()).path("bytecode").path("object").asString();
            assertThat(artifact.path("bytecode").asString()).as(name).isEqualTo(forgeBytecode);
            assertThat(ContractArtifacts.bytecode(name)).isEqualTo(Hex.decode(forgeBytecode));
        }
    }

    /** The timelock the deploy command can hand the router to is OpenZeppelin's own npm artifact, byte for byte. */
    @Test
    void theTimelockIsOpenZeppelinsNpmArtifact() throws Exception {
        ForgeSuiteTest.installToolchain();
        JsonNode npm = json.readTree(ForgeSuiteTest.CONTRACTS
                .resolve("node_modules/@openzeppelin/contracts/build/contracts/TimelockController.json").toFile());
        assertThat(npm.path("bytecode").asString()).startsWith("0x").hasSizeGreaterThan(1000);
        assertThat(ContractArtifacts.bytecode(ContractArtifacts.TIMELOCK))
                .isEqualTo(Hex.decode(npm.path("bytecode").asString()));
    }
}
