package dev.junction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LaunchLayoutCheckTest {

    @Test
    void theFatJarsClassLoaderIsWarnedAbout() {
        assertThat(LaunchLayoutCheck.warning("org.springframework.boot.loader.launch.LaunchedClassLoader"))
                .hasValueSatisfying(w -> assertThat(w).contains("fat jar", "spring-boot#51463",
                        "java -jar target/junction/junction.jar"));
    }

    @Test
    void theJdksApplicationClassLoaderIsNot() {
        assertThat(LaunchLayoutCheck.warning(LaunchLayoutCheckTest.class.getClassLoader().getClass().getName()))
                .isEmpty();
        assertThat(LaunchLayoutCheck.warning("jdk.internal.loader.ClassLoaders$AppClassLoader")).isEmpty();
    }
}
