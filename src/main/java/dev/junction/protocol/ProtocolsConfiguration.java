package dev.junction.protocol;

import dev.junction.nodes.DexKinds;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The rooms' DEX configuration kinds, for the chains' settings ({@code nodes}) to validate each DEX by its room. */
@Configuration(proxyBeanMethods = false)
class ProtocolsConfiguration {

    @Bean
    DexKinds dexKinds() {
        return Protocols.dexKinds();
    }
}
