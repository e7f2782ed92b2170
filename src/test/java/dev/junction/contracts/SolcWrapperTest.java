package dev.junction.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code contracts/bin/solc}, the pinned solc-js presented to forge as a compiler: solc-js copies its input onto
 * WebAssembly's stack (about 1.3 MB), so forge's standard JSON holding the whole suite's sources overflowed it once the
 * suite reached 78 files ("memory access out of bounds" before anything compiled). The wrapper passes a source whose
 * content is its file's by path; an input of several megabytes compiles.
 */
class SolcWrapperTest {

    @Test
    void anInputLargerThanSolcJsStackCompiles(@TempDir Path project) throws Exception {
        ForgeSuiteTest.installToolchain();
        // 3 MB of comment around one contract: the JSON that holds it is more than twice the stack
        String source = "// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\n"
                + ("// " + "x".repeat(97) + "\n").repeat(30_000) + "contract Big { function one() external pure "
                + "returns (uint256) { return 1; } }\n";
        Files.writeString(project.resolve("Big.sol"), source);
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode request = json.createObjectNode().put("language", "Solidity");
        request.putObject("sources").putObject("Big.sol").put("content", source);
        request.putObject("settings").putObject("outputSelection").putObject("Big.sol").putArray("*").add("abi");
        String input = json.writeValueAsString(request);
        assertThat(input.length()).isGreaterThan(3_000_000);

        Path in = project.resolve("input.json");
        Path out = project.resolve("output.json");
        Files.writeString(in, input);
        Process solc = new ProcessBuilder("node", ForgeSuiteTest.CONTRACTS.resolve("bin/solc").toAbsolutePath()
                .toString(), "--standard-json").directory(project.toFile()).redirectInput(in.toFile())
                .redirectOutput(out.toFile()).redirectErrorStream(false).start();
        assertThat(solc.waitFor(120, TimeUnit.SECONDS)).as("solc finished").isTrue();
        String stderr = new String(solc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(solc.exitValue()).as(stderr).isZero();
        JsonNode output = json.readTree(Files.readString(out));
        assertThat(output.path("errors").isMissingNode() ? 0 : output.path("errors").size()).as(output.toString())
                .isZero();
        assertThat(output.path("contracts").path("Big.sol").path("Big").path("abi").get(0).path("name").asString())
                .isEqualTo("one");
    }
}
