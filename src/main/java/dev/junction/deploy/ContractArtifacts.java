package dev.junction.deploy;

import dev.junction.chain.Hex;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The compiled contracts the build puts on the classpath: {@code contracts/<Name>.json} = {@code {contractName, abi,
 * bytecode}}, written by {@code contracts/scripts/artifacts.mjs} (pinned solc-js, foundry.toml's settings) during
 * {@code ./mvnw}'s generate-resources. Never committed: built from {@code contracts/src} every time it changes.
 */
public final class ContractArtifacts {

    /** The router (the adapters' artifacts are named by their protocol rooms, {@code protocol.AdapterSpec}). */
    public static final String ROUTER = "JunctionRouter";
    /**
     * OpenZeppelin's {@code TimelockController}, the router's owner when the deploy command hands ownership to a
     * timelock: the npm package's own compiled artifact ({@code @openzeppelin/contracts/build/contracts/}), copied as
     * it is by {@code contracts/scripts/artifacts.mjs}, never recompiled.
     */
    public static final String TIMELOCK = "TimelockController";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, byte[]> BYTECODE = new ConcurrentHashMap<>();

    private ContractArtifacts() {
    }

    /**
     * A contract's creation bytecode (without constructor arguments).
     *
     * @throws IllegalStateException when the build did not produce it (run {@code ./mvnw package})
     */
    public static byte[] bytecode(String name) {
        return BYTECODE.computeIfAbsent(name, ContractArtifacts::load).clone();
    }

    private static byte[] load(String name) {
        String resource = "contracts/" + name + ".json";
        try (InputStream in = ContractArtifacts.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no compiled contract " + resource + " on the classpath: the build "
                        + "writes it (contracts/scripts/artifacts.mjs in ./mvnw generate-resources); rebuild with "
                        + "./mvnw -DskipTests package");
            }
            JsonNode artifact = JSON.readTree(in);
            String hex = artifact.path("bytecode").asString("");
            if (hex.length() <= 2) {
                throw new IllegalStateException(resource + " has no bytecode");
            }
            return Hex.decode(hex);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }
}
