package dev.junction.market;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * A bean of chain mode ({@code junction.market.source=chain}): the market is read from the configured chains' nodes and
 * Junction's relayer sends gasless swaps there. The counterpart of {@link SandboxMode}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(MarketMode.Chain.class)
public @interface ChainMode {
}
