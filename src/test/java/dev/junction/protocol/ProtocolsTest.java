package dev.junction.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.deploy.ContractArtifacts;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.nodes.ChainSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The registry: every room once, every key and kind served by exactly one room, every adapter a built contract. */
class ProtocolsTest {

    @Test
    void everyRoomIsListedOnce() {
        List<Object> rooms = new ArrayList<>(Protocols.dexes());
        rooms.addAll(Protocols.bridges());
        rooms.add(Protocols.genericBridge());
        assertThat(rooms.stream().map(Object::getClass)).doesNotHaveDuplicates();
        List<String> names = new ArrayList<>(Protocols.dexes().stream().map(DexProtocol::name).toList());
        names.addAll(Protocols.bridges().stream().map(BridgeProtocol::name).toList());
        assertThat(names).doesNotHaveDuplicates();
    }

    @Test
    void everyPoolKindAndConfiguredDexKindHasExactlyOneRoom() {
        for (Pool pool : RoomSamples.poolOfEveryKind()) {
            assertThat(Protocols.dexes().stream().filter(d -> d.poolKinds().contains(pool.getClass())))
                    .as(pool.getClass().getSimpleName()).hasSize(1);
            assertThat(Protocols.dex(pool).poolKinds()).contains(pool.getClass());
            assertThat(Protocols.dex(pool).poolKinds().getFirst()).isEqualTo(Protocols.dex(pool).poolKind());
        }
        List<String> kinds = Protocols.dexKinds().names();
        assertThat(kinds).containsExactly("uniswap-v2", "uniswap-v3", "uniswap-v4", "curve", "balancer-v2");
        for (String kind : kinds) {
            assertThat(Protocols.dexes().stream().filter(d -> d.kind().equals(kind))).as(kind).hasSize(1);
            assertThat(Protocols.dex(kind).kind()).isEqualTo(kind);
        }
    }

    @Test
    void everyBridgeKeyIsServedByExactlyOneRoomOrByNoneAndThenGeneric() {
        Set<String> keys = new HashSet<>();
        Protocols.bridges().forEach(b -> keys.addAll(b.providerKeys()));
        for (String key : keys) {
            assertThat(Protocols.bridges().stream().filter(b -> b.serves(key))).as(key).hasSize(1);
            assertThat(Protocols.bridge(key).providerKeys()).contains(key);
            assertThat(Protocols.bridge(key.toUpperCase())).isSameAs(Protocols.bridge(key));
        }
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        for (Provider p : snapshot.providers()) {
            if (p.type() == ProviderType.BRIDGE) {
                assertThat(Protocols.bridges().stream().filter(b -> b.serves(p.key()))).as(p.key()).hasSizeLessThan(2);
            }
        }
        assertThat(Protocols.bridge("optimism-bridge")).isSameAs(Protocols.genericBridge());
        assertThat(Protocols.genericBridge().serves("across")).isFalse();
    }

    @Test
    void everySnapshotProviderHasARoomThatKnowsItsKey() {
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        for (Pool pool : snapshot.pools()) {
            assertThat(Protocols.dex(pool).providerKeys()).as(pool.id()).anyMatch(pool.provider()::startsWith);
        }
        for (Provider p : snapshot.providers()) {
            if (p.type() == ProviderType.BRIDGE && Protocols.bridge(p.key()) != Protocols.genericBridge()) {
                assertThat(Protocols.bridge(p.key()).providerKeys()).contains(p.key());
            }
        }
    }

    @Test
    void everyAdapterArtifactIsABuiltContract() {
        List<String> artifacts = RoomSamples.adapterArtifacts();
        assertThat(artifacts).containsExactlyInAnyOrder("UniswapV2Adapter", "UniswapV3Adapter",
                "UniswapV4Adapter", "CurveStableSwapAdapter", "BalancerV2Adapter", "AcrossAdapter", "CctpAdapter");
        for (String artifact : artifacts) {
            assertThat(ContractArtifacts.bytecode(artifact)).as(artifact).isNotEmpty();
        }
    }

    @Test
    void aRoomWithAnExecutableShapeDeclaresAnAdapterAndARoomWithoutNone() {
        for (BridgeProtocol b : Protocols.bridges()) {
            boolean executable = b.shapes().stream().anyMatch(StepShape::executable);
            assertThat(b.adapter(RoomSamples.bridge(b.providerKeys().getFirst())).isPresent()).as(b.name())
                    .isEqualTo(executable);
        }
        for (DexProtocol d : Protocols.dexes()) {
            assertThat(d.shapes().stream().anyMatch(StepShape::executable)).as(d.name()).isTrue();
        }
    }

    @Test
    void theAdapterProbesNameTheConfiguredContract() {
        ChainSettings.Bridge across = RoomSamples.bridge("across");
        assertThat(Protocols.bridge("across").adapter(across).orElseThrow().probe().orElseThrow())
                .isEqualTo(new AdapterSpec.Probe("spokePool()", across.contract()));
        assertThat(Protocols.bridge("cctp").adapter(RoomSamples.bridge("cctp")).orElseThrow().probe().orElseThrow()
                .getter()).isEqualTo("tokenMessenger()");
        ChainSettings.Dex v3 = RoomSamples.dex("uniswap-v3");
        assertThat(Protocols.dex("uniswap-v3").adapter(v3).probe().orElseThrow())
                .isEqualTo(new AdapterSpec.Probe("factory()", v3.factory()));
        assertThat(Protocols.dex("curve").adapter(RoomSamples.dex("curve"))
                .probe()).as("the Curve adapter has no getter naming its DEX").isEmpty();
    }

    @Test
    void onlyAcrossDeliversDestinationLegsToTheRouter() {
        for (BridgeProtocol b : Protocols.bridges()) {
            ChainSettings.Bridge settings = RoomSamples.bridge(b.providerKeys().getFirst());
            assertThat(b.adapter(settings).flatMap(AdapterSpec::bridgeMessenger).isPresent()).as(b.name())
                    .isEqualTo(b.name().equals("across"));
        }
    }
}
