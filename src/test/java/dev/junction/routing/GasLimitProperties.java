package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.Token;
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

    private static final Provider DEX = new Provider("dex", "DEX", ProviderType.DEX, "https://icons/dex");
    private static final ChainId CHAIN = ChainId.of(1);
    private static final Token TOKEN = new Token(CHAIN, TestMarket.addr(1), 18, "T", "T token", "https://icons/t", 1);
    private static final ConstantProductPool POOL = new ConstantProductPool("pool", CHAIN, "dex", TestMarket.addr(1),
            TestMarket.addr(2), BigInteger.TEN, BigInteger.TEN, 30, 1);

    @Property(tries = 2000)
    void gasLimitIsTheBigIntegerSum(@ForAll("units") List<Long> stepUnits, @ForAll("unitsEach") long fixed) {
        List<RouteStep> steps = new ArrayList<>();
        for (long units : stepUnits) {
            steps.add(new RouteStep(StepKind.SWAP, DEX, CHAIN, CHAIN, CHAIN, TOKEN, TOKEN, BigInteger.ONE,
                    BigInteger.ONE, BigInteger.ZERO, BigInteger.ZERO, units, 0, 0, POOL, null, Address.NATIVE,
                    Address.NATIVE));
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
