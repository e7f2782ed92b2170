package dev.junction.protocol.balancerv2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chain mode's Balancer V2 topics are those of the ABIs in {@code @balancer-labs/v2-deployments@3.2.0} (the package
 * the local chains deploy from): each event's signature is rebuilt from the package's ABI entry and hashed.
 */
class BalancerV2TopicsTest {

    static final String TASKS = "chains/.packed/@balancer-labs+v2-deployments@3.2.0/dist/tasks/";

    @Test
    void theTopicsAreThoseOfThePackagesAbis() throws Exception {
        extract();
        assertThat(BalancerV2State.SWAP).isEqualTo(topic("20210418-vault/abi/Vault.json", "Swap"));
        assertThat(BalancerV2State.POOL_BALANCE_CHANGED)
                .isEqualTo(topic("20210418-vault/abi/Vault.json", "PoolBalanceChanged"));
        assertThat(BalancerV2State.POOL_BALANCE_MANAGED)
                .isEqualTo(topic("20210418-vault/abi/Vault.json", "PoolBalanceManaged"));
        assertThat(BalancerV2State.SWAP_FEE_CHANGED)
                .isEqualTo(topic("20220908-weighted-pool-v2/abi/WeightedPool.json", "SwapFeePercentageChanged"));
        assertThat(BalancerV2State.POOL_CREATED)
                .isEqualTo(topic("20220908-weighted-pool-v2/abi/WeightedPoolFactory.json", "PoolCreated"));
        String stable = "20230206-composable-stable-pool-v3/artifact/ComposableStablePool.json";
        assertThat(BalancerV2State.SWAP_FEE_CHANGED).isEqualTo(topic(stable, "SwapFeePercentageChanged"));
        assertThat(BalancerV2State.AMP_UPDATE_STARTED).isEqualTo(topic(stable, "AmpUpdateStarted"));
        assertThat(BalancerV2State.AMP_UPDATE_STOPPED).isEqualTo(topic(stable, "AmpUpdateStopped"));
        assertThat(BalancerV2State.TOKEN_RATE_CACHE_UPDATED).isEqualTo(topic(stable, "TokenRateCacheUpdated"));
        assertThat(BalancerV2State.POOL_CREATED).isEqualTo(
                topic("20230206-composable-stable-pool-v3/artifact/ComposableStablePoolFactory.json", "PoolCreated"));
        assertThat(new BalancerV2().topics()).containsExactlyInAnyOrderElementsOf(BalancerV2State.EVENTS);
    }

    /** The keccak of {@code name(type,...)} of the package's event {@code name}. */
    static Bytes32 topic(String file, String name) {
        JsonNode json = JsonMapper.builder().build().readTree(new File(TASKS + file));
        JsonNode abi = json.isArray() ? json : json.get("abi");
        for (JsonNode e : abi) {
            if ("event".equals(e.get("type").asString()) && name.equals(e.get("name").asString())) {
                List<String> types = new ArrayList<>();
                for (JsonNode input : e.get("inputs")) {
                    types.add(input.get("type").asString());
                }
                return Abi.topic(name + "(" + String.join(",", types) + ")");
            }
        }
        throw new AssertionError("no event " + name + " in " + file);
    }

    /** chains/lib/packed.mjs extracts the pinned package when it is absent. */
    static void extract() throws Exception {
        Process p = new ProcessBuilder("node", "lib/packed.mjs").directory(new File("chains"))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0).as(out).isTrue();
    }
}
