package dev.junction.gasless;

import dev.junction.chain.Address;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Permit2 nonces per owner in table {@code gasless_nonce}. An owner's first nonce starts a random word (so it is
 * unlikely to collide with nonces the owner used through other Permit2 applications, which start at word 0); later
 * nonces take the next bit. The primary key (owner, nonce) guarantees a nonce is never handed out twice.
 *
 * <p>The last nonce handed out per owner is remembered in memory, so a reservation is one insert: reading the owner's
 * maximum from the table scans all of that owner's rows on H2 (1.6 ms at 20,000 nonces, growing without bound for a
 * busy wallet). The table is read only for an owner's first nonce on this instance and after a collision (another
 * instance took the next nonce first).
 */
@Repository
class GaslessNonceStore {

    /** First words are drawn from [1, 2^40), so nonces stay below 2^48. */
    private static final long FIRST_WORD_BOUND = 1L << 40;
    /** How often a nonce is tried before giving up (each collision reads the table's maximum again). */
    static final int ATTEMPTS = 20;

    private final JdbcTemplate jdbc;
    private final SecureRandom random = new SecureRandom();
    /** The last nonce this instance reserved (or read) per lower-case owner; at most {@link #REMEMBERED} owners. */
    private final ConcurrentMap<String, Long> last = new ConcurrentHashMap<>();
    private static final int REMEMBERED = 100_000;

    GaslessNonceStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Reserves a nonce never handed out to {@code owner} before (one insert, committed on return). */
    PermitNonce reserve(Address owner, Instant now) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            PermitNonce next = candidate(owner);
            try {
                jdbc.update(INSERT, insertArgs(owner, next, now));
                reserved(owner, next);
                return next;
            } catch (DataIntegrityViolationException | ConcurrencyFailureException raced) {
                // another request (or instance) took this nonce for the same owner first: read the maximum again
                taken(owner);
            }
        }
        throw new IllegalStateException("could not reserve a Permit2 nonce for " + owner + " after " + ATTEMPTS
                + " attempts");
    }

    static final String INSERT =
            "INSERT INTO gasless_nonce (owner, nonce, word_pos, bit_pos, reserved_at) VALUES (?, ?, ?, ?, ?)";

    /** The row of {@link #INSERT} for this owner's nonce. */
    static Object[] insertArgs(Address owner, PermitNonce nonce, Instant now) {
        return new Object[] {owner.lower(), nonce.value(), nonce.wordPos(), nonce.bitPos(), Timestamp.from(now)};
    }

    /**
     * The next nonce to try for {@code owner}, not yet inserted: the one after the last this instance handed out (no
     * two calls on this instance get the same value), or after the table's maximum for an owner not remembered. The
     * caller inserts it ({@link #INSERT}) and then calls {@link #reserved} or, when the database refuses it as a
     * duplicate, {@link #taken}.
     */
    PermitNonce candidate(Address owner) {
        String key = owner.lower();
        Long remembered = last.computeIfPresent(key, (k, n) -> n + 1);
        if (remembered != null) {
            return new PermitNonce(remembered);
        }
        Long max = jdbc.queryForObject("SELECT MAX(nonce) FROM gasless_nonce WHERE owner = ?", Long.class, key);
        return new PermitNonce(max == null ? (1 + random.nextLong(FIRST_WORD_BOUND - 1)) << 8 : max + 1);
    }

    /** The candidate's row was committed. */
    void reserved(Address owner, PermitNonce nonce) {
        remember(owner.lower(), nonce.value());
    }

    /** The candidate was refused as a duplicate: the next candidate reads the table's maximum again. */
    void taken(Address owner) {
        last.remove(owner.lower());
    }

    private void remember(String owner, long nonce) {
        if (last.size() >= REMEMBERED && !last.containsKey(owner)) {
            last.clear(); // a bound, not an LRU: forgetting only costs one read of the table per owner
        }
        last.merge(owner, nonce, Math::max);
    }

    /**
     * Marks the nonce used.
     *
     * @return false when it was already used (or never reserved)
     */
    boolean markUsed(Address owner, PermitNonce nonce, Instant now) {
        return jdbc.update("UPDATE gasless_nonce SET used_at = ? WHERE owner = ? AND nonce = ? AND used_at IS NULL",
                Timestamp.from(now), owner.lower(), nonce.value()) == 1;
    }

    /** Whether the nonce has been used. */
    boolean isUsed(Address owner, PermitNonce nonce) {
        Integer used = jdbc.queryForObject(
                "SELECT COUNT(*) FROM gasless_nonce WHERE owner = ? AND nonce = ? AND used_at IS NOT NULL", Integer.class,
                owner.lower(), nonce.value());
        return used != null && used > 0;
    }
}
