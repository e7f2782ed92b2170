package dev.junction.devnet;

import dev.junction.market.SimulationClock;
import java.time.Clock;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/** A real-time simulation clock for devnet tests (the market's small {@code TestMarket} is imported next to it). */
@TestConfiguration(proxyBeanMethods = false)
class DevnetTestConfig {

    @Bean
    @Primary
    SimulationClock devnetTestClock() {
        return new SimulationClock(Clock.systemUTC(), 1.0);
    }
}
