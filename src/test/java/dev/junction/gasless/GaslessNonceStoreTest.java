package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.support.TestDatabase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;

/** Permit2 nonce reservation and use, on H2 and on PostgreSQL. */
class GaslessNonceStoreTest {

    static final Address ALICE = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    static final Address BOB = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    static final Instant NOW = Instant.parse("2026-11-21T00:00:00Z");

    static Stream<TestDatabase> databases() {
        return Stream.of(TestDatabase.h2(), TestDatabase.postgres());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void nonceSplitsIntoWordAndBitAsPermit2Does(TestDatabase db) {
        try (db) {
            GaslessNonceStore store = new GaslessNonceStore(new JdbcTemplate(db.dataSource()));
            PermitNonce first = store.reserve(ALICE, NOW);
            assertThat(first.bitPos()).isZero();
            assertThat(first.wordPos()).isPositive();
            PermitNonce second = store.reserve(ALICE, NOW);
            assertThat(second.value()).isEqualTo(first.value() + 1);
            assertThat(second.wordPos()).isEqualTo(first.wordPos());
            assertThat(second.bitPos()).isEqualTo(1);
            JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
            long lastBit = first.wordPos() * 256 + 255;
            jdbc.update("INSERT INTO gasless_nonce (owner, nonce, word_pos, bit_pos, reserved_at)"
                    + " VALUES (?, ?, ?, 255, CURRENT_TIMESTAMP)", ALICE.lower(), lastBit, first.wordPos());
            // an instance that has not reserved for ALICE yet continues from the table's maximum
            PermitNonce rolled = new GaslessNonceStore(jdbc).reserve(ALICE, NOW);
            assertThat(rolled.wordPos()).isEqualTo(first.wordPos() + 1);
            assertThat(rolled.bitPos()).isZero();
            Integer stored = jdbc.queryForObject(
                    "SELECT COUNT(*) FROM gasless_nonce WHERE word_pos * 256 + bit_pos = nonce", Integer.class);
            assertThat(stored).isEqualTo(4);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void concurrentReservationsForOneOwnerNeverShareANonce(TestDatabase db) throws Exception {
        try (db) {
            GaslessNonceStore store = new GaslessNonceStore(new JdbcTemplate(db.dataSource()));
            store.reserve(ALICE, NOW);
            List<Callable<PermitNonce>> tasks = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                tasks.add(() -> store.reserve(ALICE, NOW));
            }
            Set<Long> seen = new HashSet<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
                for (Future<PermitNonce> f : pool.invokeAll(tasks)) {
                    assertThat(seen.add(f.get().value())).isTrue();
                }
            }
            assertThat(seen).hasSize(24);
        }
    }

    /** Two instances on one database, each remembering its last nonce per owner, never hand out the same nonce. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void twoInstancesReservingForOneOwnerNeverShareANonce(TestDatabase db) {
        try (db) {
            GaslessNonceStore one = new GaslessNonceStore(new JdbcTemplate(db.dataSource()));
            GaslessNonceStore other = new GaslessNonceStore(new JdbcTemplate(db.dataSource()));
            Set<Long> seen = new HashSet<>();
            for (int i = 0; i < 10; i++) {
                assertThat(seen.add(one.reserve(ALICE, NOW).value())).isTrue();
                assertThat(seen.add(other.reserve(ALICE, NOW).value())).isTrue();
                assertThat(seen.add(other.reserve(ALICE, NOW).value())).isTrue();
            }
            long min = seen.stream().mapToLong(Long::longValue).min().orElseThrow();
            assertThat(seen).hasSize(30).allSatisfy(n -> assertThat(n - min).isLessThan(40)); // one word, few gaps
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void theDatabaseRefusesAReusedNonceForTheSameOwner(TestDatabase db) {
        try (db) {
            JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
            PermitNonce n = new GaslessNonceStore(jdbc).reserve(ALICE, NOW);
            assertThatThrownBy(() -> jdbc.update("INSERT INTO gasless_nonce (owner, nonce, word_pos, bit_pos, reserved_at)"
                    + " VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)", ALICE.lower(), n.value(), n.wordPos(), n.bitPos()))
                    .isInstanceOf(DataIntegrityViolationException.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aNonceIsUsedOnceAndOwnersAreIndependent(TestDatabase db) {
        try (db) {
            GaslessNonceStore store = new GaslessNonceStore(new JdbcTemplate(db.dataSource()));
            PermitNonce a = store.reserve(ALICE, NOW);
            PermitNonce b = store.reserve(BOB, NOW);
            assertThat(store.isUsed(ALICE, a)).isFalse();
            assertThat(store.markUsed(ALICE, a, NOW)).isTrue();
            assertThat(store.isUsed(ALICE, a)).isTrue();
            assertThat(store.markUsed(ALICE, a, NOW)).isFalse();
            assertThat(store.isUsed(BOB, b)).isFalse();
            assertThat(store.markUsed(BOB, new PermitNonce(a.value() == b.value() ? a.value() + 1 : a.value()), NOW))
                    .isFalse();
        }
    }
}
