package dev.junction.chainmarket;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Test-only contracts of {@code contracts/test/support} compiled for a test with the project's pinned solc-js
 * ({@code contracts/scripts/test-artifact.mjs}; {@code contracts/node_modules} is installed by the build).
 */
public final class TestContracts {

    private TestContracts() {
    }

    /**
     * The path, relative to contracts/, of {@code file} in a package pinned in chains/package.json "packed" (extracted
     * under chains/.packed/, fetched with {@code npm pack} if absent: chains/lib/packed.mjs), to compile it with
     * {@link #artifact}.
     */
    static String packed(String spec, String file) throws Exception {
        Process p = new ProcessBuilder("node", "lib/packed.mjs").directory(new File("chains"))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0 || !out.contains(spec + ": ")) {
            p.destroyForcibly();
            throw new IllegalStateException("chains/lib/packed.mjs did not extract " + spec + ": " + out);
        }
        return "../chains/.packed/" + spec.replace("/", "+") + "/" + file;
    }

    /** {@code {contractName, abi, bytecode}} of {@code contract} in {@code source} (relative to contracts/). */
    public static JsonNode artifact(String source, String contract) throws Exception {
        Process p = new ProcessBuilder("node", "scripts/test-artifact.mjs", source, contract)
                .directory(new File("contracts")).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("compiling " + source + ":" + contract + " failed: " + out);
        }
        return JsonMapper.builder().build().readTree(out);
    }
}
