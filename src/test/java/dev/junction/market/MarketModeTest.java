package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code junction.market.source} selects exactly one mode: chain mode for {@code chain} (any case), the sandbox for
 * anything else, including no value at all.
 */
class MarketModeTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(OnePerMode.class);

    @Configuration(proxyBeanMethods = false)
    static class OnePerMode {

        @Bean
        @SandboxMode
        String sandbox() {
            return "sandbox";
        }

        @Bean
        @ChainMode
        String chain() {
            return "chain";
        }
    }

    @Test
    void withoutASourceTheInstanceIsTheSandbox() {
        runner.run(context -> assertThat(context.getBeansOfType(String.class)).containsOnlyKeys("sandbox"));
    }

    @Test
    void snapshotAndSyntheticAreTheSandbox() {
        for (String source : new String[] {"snapshot", "synthetic"}) {
            runner.withPropertyValues("junction.market.source=" + source).run(context ->
                    assertThat(context.getBeansOfType(String.class)).as(source).containsOnlyKeys("sandbox"));
        }
    }

    @Test
    void chainInAnyCaseIsChainMode() {
        for (String source : new String[] {"chain", "CHAIN", "Chain"}) {
            runner.withPropertyValues("junction.market.source=" + source).run(context ->
                    assertThat(context.getBeansOfType(String.class)).as(source).containsOnlyKeys("chain"));
        }
    }
}
