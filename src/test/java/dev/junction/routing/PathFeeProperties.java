package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link PathEvaluator#pathFee} against the plain form it replaced (every step in one growing fraction, floored once)
 * on random paths of one to five steps: fees of zero, one wei and up to 2^255, inputs from one wei to 2^255, steps
 * that spend exactly the path's input (the first always does in a planned route) and steps that do not.
 */
class PathFeeProperties {

    /** The sum as it was computed before: fee_i * a0 / fromAmount_i over one common denominator, floored once. */
    static BigInteger reference(BigInteger a0, List<RouteStep> steps) {
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        for (RouteStep s : steps) {
            BigInteger fee = s.totalFee();
            if (fee.signum() == 0) {
                continue;
            }
            num = num.multiply(s.fromAmount()).add(fee.multiply(a0).multiply(den));
            den = den.multiply(s.fromAmount());
        }
        return num.divide(den);
    }

    @Property(tries = 3000)
    void pathFeeIsTheReferencesToTheWei(@ForAll("amounts") BigInteger a0, @ForAll("paths") List<StepFigures> path) {
        List<RouteStep> steps = new ArrayList<>();
        int atInput = 0;
        for (StepFigures f : path) {
            BigInteger from = f.spendsInput() ? a0 : f.from();
            atInput += from.equals(a0) && f.fee().signum() > 0 ? 1 : 0;
            steps.add(step(from, f.fee(), f.feeIsBridge()));
        }
        Statistics.label("fee-bearing steps spending a0").collect(atInput);
        assertThat(PathEvaluator.pathFee(a0, steps)).isEqualTo(reference(a0, steps));
    }

    record StepFigures(BigInteger from, BigInteger fee, boolean spendsInput, boolean feeIsBridge) {
    }

    private static RouteStep step(BigInteger from, BigInteger fee, boolean feeIsBridge) {
        BigInteger lpFee = feeIsBridge ? BigInteger.ZERO : fee;
        BigInteger bridgeFee = feeIsBridge ? fee : BigInteger.ZERO;
        return TestMarket.swapStep(from, lpFee, bridgeFee, 0);
    }

    @Provide
    Arbitrary<List<StepFigures>> paths() {
        Arbitrary<StepFigures> step = Combinators.combine(amounts(), fees(),
                Arbitraries.of(true, false), Arbitraries.of(true, false)).as(StepFigures::new);
        return step.list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<BigInteger> amounts() {
        return Arbitraries.oneOf(Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.valueOf(1_000)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(30)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.ONE.shiftLeft(255)),
                Arbitraries.of(BigInteger.ONE, BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE)));
    }

    @Provide
    Arbitrary<BigInteger> fees() {
        return Arbitraries.oneOf(Arbitraries.of(BigInteger.ZERO, BigInteger.ONE),
                Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.TEN.pow(24)),
                Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.ONE.shiftLeft(255)));
    }
}
