package dev.junction.market;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * A bean of the sandbox ({@code junction.market.source} {@code snapshot}, the default, or {@code synthetic}): the
 * market is simulated and swaps run on the embedded network. Each seam whose implementation differs between the modes
 * has exactly one bean marked this way and one marked {@link ChainMode}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(MarketMode.Sandbox.class)
public @interface SandboxMode {
}
