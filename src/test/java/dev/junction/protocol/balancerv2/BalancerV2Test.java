package dev.junction.protocol.balancerv2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.WeightedPool;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.RouterGas;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.RoomSamples;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Balancer V2 room: its pool kinds, its adapter's deployment and its gas rows per pool kind. */
class BalancerV2Test {

    private final BalancerV2 room = new BalancerV2();
    private static final Address VAULT = Address.evm("0xBA12222222228d8Ba445958a75a0704d566BF2C8");

    @Test
    void servesBothPoolKindsUnderOneKeyAndKind() {
        assertThat(room.poolKinds()).containsExactly(WeightedPool.class, ComposableStablePool.class);
        assertThat(room.poolKind()).isEqualTo(WeightedPool.class);
        assertThat(room.kind()).isEqualTo("balancer-v2");
        assertThat(room.providerKeys()).containsExactly("balancer-v2");
        assertThat(BalancerV2.VAULT_SWAP.executable()).isTrue();
    }

    @Test
    void theAdapterIsBuiltOnTheVaultAndItsGetterNamesIt() {
        ChainSettings.Dex dex = new ChainSettings.Dex("balancer-v2", "balancer-v2", null, List.of(), List.of(), null,
                null, List.of(), VAULT, List.of(Address.evm("0x230a59F4d9ADc147480f03B0D3fFfeCd56c3289a")), null);
        AdapterSpec spec = room.adapter(dex);
        assertThat(spec.artifact()).isEqualTo("BalancerV2Adapter");
        assertThat(Hex.encode(spec.constructorArguments()))
                .isEqualTo("0x000000000000000000000000ba12222222228d8ba445958a75a0704d566bf2c8");
        assertThat(spec.probe()).contains(new AdapterSpec.Probe("vault()", VAULT));
        assertThat(spec.bridgeMessenger()).isEmpty();
    }

    @Test
    void eachPoolKindHasItsMeasuredRow() throws Exception {
        RouterGas measured = RouterGas.measured();
        WeightedPool weighted = RoomSamples.weighted("balancer-v2");
        ComposableStablePool stable = RoomSamples.composableStable("balancer-v2");
        assertThat(measured.swap(stable, 0, false)).as("a stable swap runs the invariant's Newton loop")
                .isGreaterThan(measured.swap(weighted, 0, false));
        assertThat(measured.swap(weighted, 0, true)).isPositive();
        try (var json = RouterGas.class.getResourceAsStream("router-gas.json")) {
            RouterGasTable table = RouterGasTable.read(json);
            assertThat(room.swapGas(table).units(0, false)).isEqualTo(measured.swap(weighted, 0, false));
            assertThat(room.swapGas(table, ComposableStablePool.class).units(0, true))
                    .isEqualTo(measured.swap(stable, 0, true));
        }
    }

    @Test
    void anotherPoolKindIsNotBalancers() {
        assertThatThrownBy(() -> BalancerV2.poolId(RoomSamples.v2("uniswap-v2")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a Balancer V2 pool");
    }
}
