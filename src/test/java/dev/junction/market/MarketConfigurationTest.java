package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class MarketConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(MarketConfiguration.class)
            .withPropertyValues("junction.market.snapshot-location=classpath:market-fixtures/valid/snapshot.json");

    @Test
    void theDefaultSourceIsTheSnapshotAtTheConfiguredLocation() {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            Market market = context.getBean(Market.class);
            assertThat(market.current().chains()).hasSize(2);
            assertThat(context.getBean(SimulationClock.class).speed()).isEqualTo(1.0);
        });
    }

    @Test
    void theClockSpeedComesFromConfiguration() {
        runner.withPropertyValues("junction.simulation.clock-speed=600").run(context ->
                assertThat(context.getBean(SimulationClock.class).speed()).isEqualTo(600.0));
    }

    @Test
    void anInvalidSnapshotStopsStartUp() {
        runner.withPropertyValues("junction.market.snapshot-location=classpath:market-fixtures/bad-spacing/snapshot.json")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .rootCause().isInstanceOf(MarketDataException.class)
                        .hasMessageContaining("field tickSpacing: must be 10 for feePips 500"));
    }

    @Test
    void anUnknownSourceStopsStartUp() {
        runner.withPropertyValues("junction.market.source=rpc").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("junction.market.source must be snapshot, synthetic or chain, was rpc"));
    }

    @Test
    void theSyntheticSourceNeedsItsGeneratorBean() {
        runner.withPropertyValues("junction.market.source=synthetic").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("junction.market.source=synthetic has no MarketSource bean"));
    }
}
