package dev.junction.protocol.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.MarketSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class SyntheticMarketConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(SyntheticMarketConfiguration.class);

    @Test
    void syntheticSourceIsABeanOnlyWhenSelected() {
        runner.run(context -> assertThat(context).doesNotHaveBean(MarketSource.class));
        runner.withPropertyValues("junction.market.source=snapshot")
                .run(context -> assertThat(context).doesNotHaveBean(MarketSource.class));
        runner.withPropertyValues("junction.market.source=synthetic", "junction.market.synthetic.chains=3",
                "junction.market.synthetic.tokens=30", "junction.market.synthetic.pools=50",
                "junction.market.synthetic.lanes=4", "junction.market.synthetic.seed=9")
                .run(context -> {
                    MarketSnapshot s = context.getBean(MarketSource.class).load();
                    assertThat(s.chains()).hasSize(3);
                    assertThat(s.pools()).hasSize(50);
                    assertThat(s.pools()).isEqualTo(new SyntheticMarketSource(
                            new SyntheticMarketSource.Sizes(3, 30, 50, 4), 9).load().pools());
                });
    }
}
