package dev.junction.market.live;

import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs the {@link LivingMarket} on the simulation clock: every {@code junction.market.living-interval} of real time it
 * ticks by the simulated time that passed. On by default; {@code junction.market.living=false} turns it off.
 */
@Component
@EnableScheduling
@ConditionalOnProperty(name = "junction.market.living", havingValue = "true", matchIfMissing = true)
class LivingMarketDriver {

    private static final Logger log = LoggerFactory.getLogger(LivingMarketDriver.class);

    private final ObjectProvider<Market> market;
    private final SimulationClock clock;
    private final double volatility;
    private final Duration halfLife;
    private final long seed;
    private LivingMarket living;
    private long lastMillis;
    private boolean warned;

    LivingMarketDriver(ObjectProvider<Market> market, SimulationClock clock,
            @Value("${junction.market.volatility:0.6}") double volatility,
            @Value("${junction.market.arbitrage-half-life:PT2M}") Duration halfLife,
            @Value("${junction.market.seed:42}") long seed) {
        this.market = market;
        this.clock = clock;
        this.volatility = volatility;
        this.halfLife = halfLife;
        this.seed = seed;
        new PriceWalk(volatility, seed); // validates the volatility at start-up
        if (halfLife.isNegative()) {
            throw new IllegalArgumentException("junction.market.arbitrage-half-life must be >= 0");
        }
        this.lastMillis = clock.millis();
    }

    @Scheduled(fixedDelayString = "${junction.market.living-interval:PT1S}",
            initialDelayString = "${junction.market.living-interval:PT1S}")
    void step() {
        if (living == null) {
            Market m = market.getIfAvailable();
            if (m == null) {
                if (!warned) {
                    log.warn("no Market bean: the living market does not run");
                    warned = true;
                }
                return;
            }
            living = new LivingMarket(m, volatility, halfLife, seed);
        }
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
