package dev.junction.market.live;

import dev.junction.market.Market;
import dev.junction.market.SandboxMode;
import dev.junction.market.SimulationClock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs the {@link LivingMarket} on the simulation clock: every {@code junction.market.living-interval} of real time it
 * ticks by the simulated time that passed. A sandbox bean (in chain mode the market follows the nodes); on by default,
 * {@code junction.market.living=false} turns it off.
 */
@Component
@EnableScheduling
@SandboxMode
@ConditionalOnProperty(name = "junction.market.living", havingValue = "true", matchIfMissing = true)
class LivingMarketDriver {

    private static final Logger log = LoggerFactory.getLogger(LivingMarketDriver.class);

    private final SimulationClock clock;
    private final LivingMarket living;
    private long lastMillis;

    LivingMarketDriver(Market market, SimulationClock clock,
            @Value("${junction.market.volatility:0.6}") double volatility,
            @Value("${junction.market.arbitrage-half-life:PT2M}") Duration halfLife,
            @Value("${junction.market.seed:42}") long seed) {
        this.clock = clock;
        // validates the volatility and the half-life at start-up
        this.living = new LivingMarket(market, volatility, halfLife, seed);
        this.lastMillis = clock.millis();
    }

    @Scheduled(fixedDelayString = "${junction.market.living-interval:PT1S}",
            initialDelayString = "${junction.market.living-interval:PT1S}")
    void step() {
        long now = clock.millis();
        long elapsed = clock.simulatedMillis(now - lastMillis);
        lastMillis = now;
        try {
            living.tick(Duration.ofMillis(elapsed));
        } catch (RuntimeException e) {
            log.warn("living market step failed; the market keeps its last snapshot", e);
        }
    }
}
