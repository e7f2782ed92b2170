package dev.junction.protocol;

import static dev.junction.protocol.RoomSamples.composableStable;
import static dev.junction.protocol.RoomSamples.curve;
import static dev.junction.protocol.RoomSamples.lane;
import static dev.junction.protocol.RoomSamples.v2;
import static dev.junction.protocol.RoomSamples.v3;
import static dev.junction.protocol.RoomSamples.v4;
import static dev.junction.protocol.RoomSamples.weighted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Junction's router gas table: the router's figures and each room's step rows. */
class RouterGasTest {

    static final String TABLE = """
            {"base": 50000, "steps": {"uniswap-v2": {"first": 60000, "later": 55000},
             "uniswap-v3": {"first": 90000, "later": 91000}, "uniswap-v4": {"first": 80000, "later": 85000},
             "uniswap-v4-native-out": {"first": 78000, "later": 82000}, "curve": {"first": 100000, "later": 88000},
             "balancer-v2": {"first": 95000, "later": 80000},
             "balancer-v2-stable": {"first": 125000, "later": 123000},
             "across": {"first": 70000, "later": 60000}},
             "v3TickCrossed": 40000, "integratorFee": 12000, "wrapNative": 3000, "unwrapNative": 14000,
             "permitWitness": 41000, "v4NativeIn": 70000, "split": 15000, "splitLeg": 500, "tolerancePercent": 3}
            """;

    static InputStream json(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theTableIsReadEntryByEntry() throws Exception {
        RouterGas g = RouterGas.read(json(TABLE));
        assertThat(g.base()).isEqualTo(50_000);
        assertThat(g.permitPull()).isEqualTo(41_000);
        assertThat(g.tolerancePercent()).isEqualTo(3);
        assertThat(g.route(false, false, false)).isEqualTo(50_000);
        assertThat(g.route(true, false, true)).isEqualTo(50_000 + 3_000 + 12_000);
        assertThat(g.route(false, true, false)).isEqualTo(50_000 + 14_000);
        assertThat(g.split(3)).as("a split: its fixed work and each leg's").isEqualTo(15_000 + 3 * 500);
    }

    @Test
    void eachStepIsItsRoomsRowAndFormula() throws Exception {
        RouterGas g = RouterGas.read(json(TABLE));
        assertThat(g.swap(v2("sushiswap"), 0, false)).isEqualTo(60_000);
        assertThat(g.swap(v2("sushiswap"), 0, true)).isEqualTo(55_000);
        assertThat(g.swap(v3("uniswap-v3"), 0, false)).isEqualTo(90_000);
        assertThat(g.swap(v3("uniswap-v3"), 2, true)).as("V3: the row plus each tick crossed")
                .isEqualTo(91_000 + 2 * 40_000);
        assertThat(g.swap(v4("uniswap-v4"), 0, false)).isEqualTo(80_000);
        assertThat(g.swap(v4("uniswap-v4"), 1, true)).as("V4: the row plus each tick crossed")
                .isEqualTo(85_000 + 40_000);
        assertThat(g.swapNativeIn(v4("uniswap-v4"), 1)).as("a native V4 pool spending the native input: its row")
                .isEqualTo(70_000 + 40_000);
        assertThat(g.swapNativeOut(v4("uniswap-v4"), 0, false)).isEqualTo(78_000);
        assertThat(g.swapNativeOut(v4("uniswap-v4"), 2, true)).isEqualTo(82_000 + 2 * 40_000);
        assertThat(g.swapNativeIn(v3("uniswap-v3"), 0)).as("no native row: the step's row plus the wrap")
                .isEqualTo(90_000 + 3_000);
        assertThat(g.swapNativeOut(v3("uniswap-v3"), 0, true)).isEqualTo(91_000 + 14_000);
        assertThat(g.swap(curve("curve"), 0, false)).isEqualTo(100_000);
        assertThat(g.swap(curve("curve"), 0, true)).isEqualTo(88_000);
        assertThat(g.swap(weighted("balancer-v2"), 0, false)).as("Balancer: a row per pool kind").isEqualTo(95_000);
        assertThat(g.swap(weighted("balancer-v2"), 0, true)).isEqualTo(80_000);
        assertThat(g.swap(composableStable("balancer-v2"), 0, false)).isEqualTo(125_000);
        assertThat(g.swap(composableStable("balancer-v2"), 0, true)).isEqualTo(123_000);
        assertThat(g.bridge(lane("across", 95_000), false)).as("the measured deposit, not the lane's figure")
                .isEqualTo(70_000);
        assertThat(g.bridge(lane("across", 95_000), true)).isEqualTo(60_000);
    }

    @Test
    void aBridgeWithoutAMeasuredRowSaysSoAndCountsTheLargestMeasuredDeposit() throws Exception {
        RouterGas g = RouterGas.read(json(TABLE));
        assertThat(g.measuresDeposit("across")).isTrue();
        assertThat(g.measuresDeposit("cctp")).isFalse();
        assertThat(g.measuresDeposit("optimism-bridge")).isFalse();
        assertThat(g.deposit("cctp")).isEqualTo(new StepGas(70_000, 60_000));
        assertThat(g.bridge(lane("stargate", 260_000), false)).isEqualTo(70_000);
    }

    @Test
    void aMissingOrNonPositiveEntryIsRefusedByName() {
        assertThatThrownBy(() -> RouterGas.read(json(TABLE.replace("\"v3TickCrossed\": 40000,", ""))))
                .hasMessageContaining("v3TickCrossed must be a positive integer");
        assertThatThrownBy(() -> RouterGas.read(json(TABLE.replace("\"later\": 88000", "\"later\": 0"))))
                .hasMessageContaining("curve.later must be a positive integer");
        assertThatThrownBy(() -> RouterGas.read(json(TABLE.replace("\"base\": 50000,", ""))))
                .hasMessageContaining("base must be a positive integer");
        assertThatThrownBy(() -> RouterGas.read(json(TABLE.replace(
                ",\n \"across\": {\"first\": 70000, \"later\": 60000}", ""))))
                .as("Across's adapter is measured by the forge test: its row is required")
                .hasMessageContaining("across.first must be a positive integer");
    }

    @Test
    void theMeasuredTableIsOnTheClasspathAndComplete() {
        RouterGas g = RouterGas.measured();
        // the transaction base alone is 21,000; each step costs at least a token transfer
        assertThat(g.base()).isGreaterThan(21_000);
        assertThat(g.swap(v2("uniswap-v2"), 0, false)).isGreaterThan(g.integratorFee());
        assertThat(g.swap(v3("uniswap-v3"), 0, false)).isGreaterThan(g.integratorFee());
        assertThat(g.swap(v4("uniswap-v4"), 0, false)).isGreaterThan(g.integratorFee());
        assertThat(g.tolerancePercent()).isBetween(1, 10);
        assertThat(g.measuresDeposit("across")).isTrue();
    }
}
