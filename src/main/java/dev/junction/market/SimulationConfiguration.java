package dev.junction.market;

import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The one {@link SimulationClock} of the application, from {@code junction.simulation.clock-speed} (default 1.0). */
@Configuration(proxyBeanMethods = false)
class SimulationConfiguration {

    @Bean
    SimulationClock simulationClock(@Value("${junction.simulation.clock-speed:1.0}") double speed) {
        return new SimulationClock(Clock.systemUTC(), speed);
    }
}
