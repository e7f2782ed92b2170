package dev.junction.bench;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.StablePool;
import dev.junction.market.snapshot.SnapshotMarketSource;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@link StablePool#quote} per invocation, cycling over every stable pool of the embedded snapshot, every ordered
 * coin pair and amounts from one unit to a tenth of the input balance: the StableSwap math alone, without the planner.
 * Run with {@code -prof gc} for the bytes allocated per quote: {@code bench/run-jmh.sh -prof gc StableSwapBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx512m"})
public class StableSwapBenchmark {

    /** A pool, a coin pair and an amount of the input coin. */
    record Case(StablePool pool, int in, int out, BigInteger amountIn) {
    }

    private final List<Case> cases = new ArrayList<>();
    private int next;

    @Setup(Level.Trial)
    public void load() {
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        for (var p : snapshot.pools()) {
            if (!(p instanceof StablePool pool)) {
                continue;
            }
            int n = pool.coins().size();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (i == j) {
                        continue;
                    }
                    BigInteger unit = BigInteger.TEN.pow(pool.decimals().get(i));
                    BigInteger tenth = pool.balances().get(i).divide(BigInteger.TEN).max(unit);
                    for (BigInteger amount = unit; amount.compareTo(tenth) <= 0; amount = amount.multiply(BigInteger.valueOf(37))) {
                        cases.add(new Case(pool, i, j, amount));
                    }
                }
            }
        }
        System.out.printf("%d stable quote cases%n", cases.size());
    }

    @Benchmark
    public BigInteger quote() {
        Case c = cases.get(next);
        next = next + 1 == cases.size() ? 0 : next + 1;
        return c.pool().quote(c.pool().coins().get(c.in()), c.pool().coins().get(c.out()), c.amountIn()).amountOut();
    }
}
