package dev.junction;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Junction: a self-hostable cross-chain swap routing service. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class JunctionApplication {

    public static void main(String[] args) {
        SpringApplication.run(JunctionApplication.class, args);
    }
}
