package dev.junction;

import dev.junction.deploy.DeployCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Junction: a self-hostable cross-chain swap routing service. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class JunctionApplication {

    /**
     * Serves HTTP; {@code junction deploy ...} instead deploys the router and adapters and exits
     * ({@link DeployCommand}).
     */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("deploy")) {
            System.exit(DeployCommand.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        SpringApplication.run(JunctionApplication.class, args);
    }
}
