package dev.junction;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Warns, once the service is up, when it was started from the fat jar ({@code java -jar target/junction.jar}) instead
 * of the extracted layout README runs ({@code target/junction/junction.jar}): there Spring Boot's nested-jar class
 * loader can deadlock the virtual threads that serve requests (spring-boot#51463; docs/DECISIONS.md, "Run the
 * extracted jar").
 */
@Component
class LaunchLayoutCheck {

    private static final Logger log = LoggerFactory.getLogger(LaunchLayoutCheck.class);
    private static final String NESTED_JAR_LOADERS = "org.springframework.boot.loader.";

    @EventListener(ApplicationReadyEvent.class)
    void warnIfStartedFromTheFatJar() {
        warning(JunctionApplication.class.getClassLoader().getClass().getName()).ifPresent(log::warn);
    }

    /** The warning for a service whose classes were loaded by a class loader of type {@code classLoaderType}. */
    static Optional<String> warning(String classLoaderType) {
        if (!classLoaderType.startsWith(NESTED_JAR_LOADERS)) {
            return Optional.empty();
        }
        return Optional.of("Junction was started from the fat jar (its classes come from " + classLoaderType
                + "): concurrent first requests can deadlock its virtual threads there (spring-boot#51463). Run the"
                + " extracted layout the build leaves, java -jar target/junction/junction.jar, instead (README, Run).");
    }
}
