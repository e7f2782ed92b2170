package dev.junction.gasless;

import static dev.junction.gasless.GaslessFixture.ETH;
import static dev.junction.gasless.GaslessFixture.KEY;
import static dev.junction.gasless.GaslessFixture.command;
import static dev.junction.gasless.GaslessFixture.sign;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestDatabase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Parallel submissions of one quote create exactly one swap, on H2 and on PostgreSQL. */
class GaslessConcurrencyTest {

    static Stream<TestDatabase> databases() {
        return Stream.of(TestDatabase.h2(), TestDatabase.postgres());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void parallelSubmissionsOfOneQuoteCreateOneSwap(TestDatabase db) throws Exception {
        try (db) {
            GaslessFixture f = new GaslessFixture(db);
            GaslessQuote q = f.service.quote(command(ETH, 2)).get(0);
            String signature = sign(q.typedData().digest(), KEY);
            String other = RandomK.sign(q.typedData().digest(), KEY);
            int threads = 8;
            CountDownLatch start = new CountDownLatch(1);
            List<Callable<Object>> tasks = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                String sig = i % 4 == 3 ? other : signature;
                tasks.add(() -> {
                    start.await();
                    try {
                        return f.service.submit(q.quoteId(), sig);
                    } catch (GaslessException e) {
                        return e.failure();
                    }
                });
            }
            List<Object> results = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
                List<Future<Object>> futures = new ArrayList<>();
                for (Callable<Object> t : tasks) {
                    futures.add(pool.submit(t));
                }
                start.countDown();
                for (Future<Object> fu : futures) {
                    results.add(fu.get());
                }
            }
            // whichever signature won, every submission with it got the one swap and every other one was 4007
            Set<String> swapIds = new HashSet<>();
            Set<Boolean> winners = new HashSet<>();
            for (int i = 0; i < threads; i++) {
                boolean usedOther = i % 4 == 3;
                if (results.get(i) instanceof GaslessSwap s) {
                    swapIds.add(s.swapId());
                    winners.add(usedOther);
                }
            }
            assertThat(swapIds).hasSize(1);
            assertThat(winners).hasSize(1);
            boolean otherWon = winners.iterator().next();
            for (int i = 0; i < threads; i++) {
                if ((i % 4 == 3) != otherWon) {
                    assertThat(results.get(i)).isEqualTo(GaslessFailure.ALREADY_SUBMITTED);
                }
            }
            assertThat(f.swaps.plans).hasSize(1);
            Integer rows = new JdbcTemplate(db.dataSource()).queryForObject(
                    "SELECT COUNT(*) FROM gasless_submission WHERE quote_id = ?", Integer.class, q.quoteId());
            assertThat(rows).isEqualTo(1);
        }
    }
}
