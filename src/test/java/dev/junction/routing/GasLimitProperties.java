package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link PathEvaluator#gasLimit} (a checked long sum) against the BigInteger sum it replaced, for real gas figures and
 * for figures near the ends of a long, where the long sum overflows and the BigInteger one takes over.
 */
class GasLimitProperties {

    @Property(tries = 2000)
    void gasLimitIsTheBigIntegerSum(@ForAll("units") List<Long> stepUnits, @ForAll("unitsEach") long fixed) {
        List<RouteStep> steps = new ArrayList<>();
        for (long units : stepUnits) {
            steps.add(TestMarket.swapStep(BigInteger.ONE, BigInteger.ZERO, BigInteger.ZERO, units));
        }
        for (int count = 0; count <= steps.size(); count++) {
            BigInteger expected = BigInteger.ZERO;
            for (int i = 0; i < count; i++) {
                expected = expected.add(BigInteger.valueOf(stepUnits.get(i)));
            }
            expected = expected.add(BigInteger.valueOf(fixed));
            assertThat(PathEvaluator.gasLimit(steps, count, fixed)).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<List<Long>> units() {
        return unitsEach().list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<Long> unitsEach() {
        return Arbitraries.oneOf(Arbitraries.longs().between(0, 2_000_000),
                Arbitraries.longs().between(Long.MAX_VALUE - 1_000, Long.MAX_VALUE),
                Arbitraries.longs().between(Long.MIN_VALUE, Long.MIN_VALUE + 1_000), Arbitraries.longs());
    }
}
