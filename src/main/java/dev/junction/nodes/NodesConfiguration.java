package dev.junction.nodes;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The chains' settings ({@code junction.chains.*}, none in the sandbox) and their nodes, bound once at start-up: an
 * invalid chain property stops the application with a message naming it. The DEX kinds are the protocol rooms'
 * ({@link DexKinds}, a bean of the protocol module).
 */
@Configuration(proxyBeanMethods = false)
class NodesConfiguration {

    @Bean
    ChainsSettings chainsSettings(Environment environment, DexKinds dexKinds) {
        return ChainsSettings.bind(Binder.get(environment), dexKinds);
    }

    @Bean
    Nodes nodes(ChainsSettings chains, Environment environment) {
        return new Nodes(chains, RpcSettings.bind(Binder.get(environment)));
    }
}
