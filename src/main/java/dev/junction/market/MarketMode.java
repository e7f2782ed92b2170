package dev.junction.market;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The two modes of an instance, fixed by {@code junction.market.source}: chain mode for {@code chain} (compared as
 * {@code @ConditionalOnProperty(havingValue = "chain")} compares it, ignoring case), the sandbox for anything else
 * ({@code snapshot}, the default, or {@code synthetic}). The conditions of {@link SandboxMode} and {@link ChainMode}.
 */
final class MarketMode {

    static final String PROPERTY = "junction.market.source";

    private MarketMode() {
    }

    static boolean chain(ConditionContext context) {
        return MarketConfiguration.CHAIN.equalsIgnoreCase(context.getEnvironment().getProperty(PROPERTY));
    }

    /** Matches in the sandbox. */
    static final class Sandbox implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !chain(context);
        }
    }

    /** Matches in chain mode. */
    static final class Chain implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return chain(context);
        }
    }
}
