package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RouterGasTest {

    static final String TABLE = """
            {"base": 50000, "steps": {"uniswap-v2": {"first": 60000, "later": 55000},
             "uniswap-v3": {"first": 90000, "later": 91000}, "curve": {"first": 100000, "later": 88000},
             "across": {"first": 70000, "later": 60000}},
             "v3TickCrossed": 40000, "integratorFee": 12000, "wrapNative": 3000, "unwrapNative": 14000,
             "permitWitness": 41000, "tolerancePercent": 3}
            """;

    static InputStream json(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theTableIsReadEntryByEntry() throws Exception {
        RouterGas g = RouterGas.read(json(TABLE));
        assertThat(g).isEqualTo(new RouterGas(50_000, new RouterGas.StepGas(60_000, 55_000),
                new RouterGas.StepGas(90_000, 91_000), new RouterGas.StepGas(100_000, 88_000),
                new RouterGas.StepGas(70_000, 60_000), 40_000, 12_000, 3_000, 14_000, 41_000, 3));
        assertThat(g.route(false, false, false)).isEqualTo(50_000);
        assertThat(g.route(true, false, true)).isEqualTo(50_000 + 3_000 + 12_000);
        assertThat(g.route(false, true, false)).isEqualTo(50_000 + 14_000);
    }

    @Test
    void aMissingOrNonPositiveEntryIsRefusedByName() {
        assertThatThrownBy(() -> RouterGas.read(json(TABLE.replace("\"v3TickCrossed\": 40000,", ""))))
                .hasMessageContaining("v3TickCrossed must be a positive integer");
        assertThatThrownBy(() -> RouterGas.read(json(TABLE.replace("\"later\": 88000", "\"later\": 0"))))
                .hasMessageContaining("curve.later must be a positive integer");
    }

    @Test
    void theMeasuredTableIsOnTheClasspathAndComplete() {
        RouterGas g = RouterGas.measured();
        // the transaction base alone is 21,000; each step costs at least a token transfer
        assertThat(g.base()).isGreaterThan(21_000);
        assertThat(g.v2().first()).isGreaterThan(g.integratorFee());
        assertThat(g.v3().first()).isGreaterThan(g.integratorFee());
        assertThat(g.tolerancePercent()).isBetween(1, 10);
    }
}
