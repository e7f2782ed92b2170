package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * The StableSwap fast path against the plain BigInteger reference over random 2- and 3-coin pools, from 1 wei to past
 * uint256, every decimals from 0 to 36, A from 1 to 10^6 and amounts far above the balances: the same value to the wei,
 * or the same exception (non-convergence, division by zero). The statistics check that both the fast path and the
 * fallback were exercised, so a property cannot pass by falling back every time.
 */
class StableSwapFastPathProperties {

    private static final BigInteger UINT256_LIMIT = BigInteger.ONE.shiftLeft(256);

    @Property(tries = 3000)
    void getDyIsTheReferencesToTheWei(@ForAll("pools") Pool pool, @ForAll("amounts") BigInteger dx) {
        Object reference = outcome(() -> StableSwapReference.getDyParts(pool.amp, pool.balances, pool.decimals,
                pool.fee, pool.i, pool.j, dx));
        Object fast = outcome(() -> StableSwapFastPath.getDyParts(pool.amp, pool.balances, pool.decimals, pool.fee,
                pool.i, pool.j, dx));
        Statistics.label("path").collect(fast == null ? "fallback" : "fast");
        Statistics.label("outcome").collect(reference instanceof List ? "value" : "exception");
        if (fast != null) {
            assertThat(fast).isEqualTo(reference);
        }
        assertThat(outcome(() -> StableSwapMath.getDyParts(pool.amp, pool.balances, pool.decimals, pool.fee, pool.i,
                pool.j, dx))).isEqualTo(reference);
        assertThat(outcome(() -> StableSwapMath.getDyParts(pool.amp, Arrays.asList(pool.balances),
                Arrays.stream(pool.decimals).boxed().toList(), pool.fee, pool.i, pool.j, dx))).isEqualTo(reference);
        Statistics.label("path").coverage(c -> {
            c.check("fast").percentage(p -> p > 40);
            c.check("fallback").count(k -> k > 0);
        });
        Statistics.label("outcome").coverage(c -> c.check("exception").count(k -> k > 0));
    }

    /** Realistic pools (coins within 10^8 of each other, common decimals) never fall back. */
    @Property(tries = 1000)
    void realisticPoolsTakeTheFastPath(@ForAll("realisticPools") Pool pool, @ForAll("amounts") BigInteger dx) {
        Object reference = outcome(() -> StableSwapReference.getDyParts(pool.amp, pool.balances, pool.decimals,
                pool.fee, pool.i, pool.j, dx));
        Object fast = outcome(() -> StableSwapFastPath.getDyParts(pool.amp, pool.balances, pool.decimals, pool.fee,
                pool.i, pool.j, dx));
        if (dx.signum() >= 0 && dx.bitLength() < 200) {
            assertThat(fast).isNotNull();
        }
        if (fast != null) {
            assertThat(fast).isEqualTo(reference);
        }
    }

    @Property(tries = 1000)
    void getDAndGetYAreTheReferences(@ForAll("pools") Pool pool, @ForAll("amounts") BigInteger x) {
        BigInteger[] xp = new BigInteger[pool.balances.length];
        for (int k = 0; k < xp.length; k++) {
            xp[k] = StableSwapMath.normalise(pool.balances[k], pool.decimals[k]);
        }
        assertThat(outcome(() -> StableSwapMath.getD(pool.amp, xp)))
                .isEqualTo(outcome(() -> StableSwapReference.getD(pool.amp, xp)));
        assertThat(outcome(() -> StableSwapMath.getY(pool.amp, pool.i, pool.j, x, xp)))
                .isEqualTo(outcome(() -> StableSwapReference.getY(pool.amp, pool.i, pool.j, x, xp)));
    }

    @Property(tries = 5000)
    void divisionIsBigIntegers(@ForAll("limbValues") BigInteger u, @ForAll("limbValues") BigInteger v) {
        if (v.signum() == 0 || u.bitLength() > 512 || v.bitLength() > 512) {
            return;
        }
        MutableUnsigned q = MutableUnsigned.product();
        q.divide(MutableUnsigned.product().set(u), MutableUnsigned.product().set(v), new MutableUnsigned.Scratch());
        assertThat(q.toBigInteger()).isEqualTo(u.divide(v));
    }

    /** Knuth's rare correction step (a quotient digit one too large, added back) gives the right quotient. */
    @Example
    void divisionAddsBackWhenTheEstimatedDigitIsTooLarge() {
        BigInteger u = limbs(0x00000003, 0x00000000, 0x80000000);
        BigInteger v = limbs(0x00000001, 0x00000000, 0x20000000);
        BigInteger u2 = limbs(0x00000000, 0x00000000, 0x80000000, 0x7fffffff);
        BigInteger v2 = limbs(0x00000001, 0x00000000, 0x80000000);
        MutableUnsigned.Scratch scratch = new MutableUnsigned.Scratch();
        MutableUnsigned q = MutableUnsigned.product();
        q.divide(MutableUnsigned.product().set(u), MutableUnsigned.product().set(v), scratch);
        assertThat(q.toBigInteger()).isEqualTo(u.divide(v));
        q.divide(MutableUnsigned.product().set(u2), MutableUnsigned.product().set(v2), scratch);
        assertThat(q.toBigInteger()).isEqualTo(u2.divide(v2));
        assertThat(scratch.addBacks).isPositive();
    }

    @Property(tries = 3000)
    void arithmeticIsBigIntegers(@ForAll("limbValues") BigInteger a, @ForAll("limbValues") BigInteger b) {
        if (a.bitLength() > 256 || b.bitLength() > 256) {
            return;
        }
        MutableUnsigned x = MutableUnsigned.word().set(a);
        MutableUnsigned y = MutableUnsigned.word().set(b);
        assertThat(x.toBigInteger()).isEqualTo(a);
        assertThat(MutableUnsigned.product().multiply(x, y).toBigInteger()).isEqualTo(a.multiply(b));
        assertThat(MutableUnsigned.product().add(x, y).toBigInteger()).isEqualTo(a.add(b));
        assertThat(Integer.signum(MutableUnsigned.compare(x, y))).isEqualTo(a.compareTo(b));
        assertThat(MutableUnsigned.withinOne(x, y)).isEqualTo(a.subtract(b).abs().compareTo(BigInteger.ONE) <= 0);
        if (a.compareTo(b) >= 0) {
            assertThat(MutableUnsigned.word().subtract(x, y).toBigInteger()).isEqualTo(a.subtract(b));
        }
        int factor = b.intValue();
        assertThat(outcome(() -> MutableUnsigned.product().set(a).multiply(MutableUnsigned.product().set(a), factor)
                .toBigInteger())).isEqualTo(a.multiply(BigInteger.valueOf(Integer.toUnsignedLong(factor))));
    }

    /**
     * Threads quoting at once each get their own workspace from the pool and the shared D memo: every result is still
     * the reference's.
     */
    @Example
    void concurrentQuotesAreTheReferences() throws Exception {
        Random random = new Random(7);
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            long seed = random.nextLong();
            tasks.add(() -> {
                Random r = new Random(seed);
                for (int k = 0; k < 3000; k++) {
                    BigInteger[] balances = {new BigInteger(90, r).add(BigInteger.ONE),
                            new BigInteger(90, r).add(BigInteger.ONE), new BigInteger(90, r).add(BigInteger.ONE)};
                    int[] decimals = {18, 18, 18};
                    long amp = 1 + r.nextInt(5000);
                    BigInteger dx = new BigInteger(1 + r.nextInt(100), r);
                    int i = k % 3;
                    int j = (k + 1) % 3;
                    Object expected = outcome(() -> StableSwapReference.getDyParts(amp, balances, decimals, 4_000_000, i, j,
                            dx));
                    assertThat(outcome(() -> StableSwapMath.getDyParts(amp, List.of(balances),
                            List.of(18, 18, 18), 4_000_000, i, j, dx))).isEqualTo(expected);
                }
                return null;
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---------- helpers and generators ----------

    /** The value (an array as a list), or the exception's class and message when the computation throws. */
    private static Object outcome(Supplier<?> f) {
        try {
            Object v = f.get();
            return v instanceof BigInteger[] parts ? List.of(parts) : v;
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static BigInteger limbs(int... littleEndian) {
        BigInteger v = BigInteger.ZERO;
        for (int k = littleEndian.length - 1; k >= 0; k--) {
            v = v.shiftLeft(32).or(BigInteger.valueOf(Integer.toUnsignedLong(littleEndian[k])));
        }
        return v;
    }

    /** A pool, and the coins swapped. */
    record Pool(long amp, BigInteger[] balances, int[] decimals, long fee, int i, int j) {

        static Pool of(int n, List<BigInteger> balances, List<Integer> decimals, long amp, long fee, int pair) {
            int i = pair % n;
            int j = (i + 1 + pair / n % (n - 1)) % n;
            return new Pool(amp, balances.subList(0, n).toArray(BigInteger[]::new),
                    decimals.subList(0, n).stream().mapToInt(Integer::intValue).toArray(), fee, i, j);
        }

        @Override
        public String toString() {
            return "Pool[amp=" + amp + ", balances=" + Arrays.toString(balances) + ", decimals="
                    + Arrays.toString(decimals) + ", fee=" + fee + ", i=" + i + ", j=" + j + "]";
        }
    }

    @Provide
    Arbitrary<Pool> pools() {
        Arbitrary<BigInteger> balance = Arbitraries.frequencyOf(
                Tuple.of(12, magnitudes(0, 100)),
                Tuple.of(2, magnitudes(100, 270)),
                Tuple.of(1, Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, UINT256_LIMIT.subtract(BigInteger.ONE),
                        UINT256_LIMIT, BigInteger.ONE.negate())));
        return Combinators.combine(Arbitraries.integers().between(2, 3), balance.list().ofSize(3), decimals(),
                amps(), fees(), Arbitraries.integers().between(0, 5)).as(Pool::of);
    }

    @Provide
    Arbitrary<Pool> realisticPools() {
        Arbitrary<List<BigInteger>> wholeUnits = magnitudes(10, 36).list().ofSize(3);
        Arbitrary<List<BigInteger>> wei = magnitudes(0, 60).list().ofSize(3);
        return Arbitraries.of(6, 8, 18).list().ofSize(3).flatMap(decimals -> Combinators.combine(
                Arbitraries.integers().between(2, 3), wholeUnits, wei, Arbitraries.longs().between(50, 5000), fees(),
                Arbitraries.integers().between(0, 5)).as((n, whole, extra, amp, fee, pair) -> {
                    BigInteger[] balances = new BigInteger[3];
                    for (int k = 0; k < 3; k++) {
                        BigInteger unit = BigInteger.TEN.pow(decimals.get(k));
                        balances[k] = whole.get(k).multiply(unit).add(extra.get(k).mod(unit));
                    }
                    return Pool.of(n, List.of(balances), decimals, amp, fee, pair);
                }));
    }

    private static Arbitrary<List<Integer>> decimals() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(6, 8, 18)), Tuple.of(1, Arbitraries.integers()
                .between(0, 36))).list().ofSize(3);
    }

    private static Arbitrary<Long> amps() {
        return Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.longs().between(1, 1_000_000)),
                Tuple.of(1, Arbitraries.of(1L, 2L, 100L, 1_000_000L, Long.MAX_VALUE / 3)));
    }

    private static Arbitrary<Long> fees() {
        return Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.longs().between(0, 9_999_999_999L)),
                Tuple.of(1, Arbitraries.of(0L, 4_000_000L, 9_999_999_999L)));
    }

    /** Values of minBits to maxBits bits, spread evenly over the bit lengths. */
    private static Arbitrary<BigInteger> magnitudes(int minBits, int maxBits) {
        return Arbitraries.integers().between(minBits, maxBits).flatMap(bits -> Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(bits).shiftRight(1).max(BigInteger.ONE), BigInteger.ONE.shiftLeft(bits)));
    }

    @Provide
    Arbitrary<BigInteger> amounts() {
        return Arbitraries.frequencyOf(Tuple.of(12, magnitudes(0, 140)), Tuple.of(1, magnitudes(140, 280)),
                Tuple.of(1, Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate())));
    }

    /** Integers built from limbs at the edges (0, 1, 2^31 +- 1, 2^32 - 1) and random limbs, where division corrects. */
    @Provide
    Arbitrary<BigInteger> limbValues() {
        Arbitrary<Integer> limb = Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.integers()),
                Tuple.of(3, Arbitraries.of(0, 1, 2, 3, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff)));
        return limb.list().ofMinSize(0).ofMaxSize(16).map(l -> limbs(l.stream().mapToInt(Integer::intValue).toArray()));
    }
}
