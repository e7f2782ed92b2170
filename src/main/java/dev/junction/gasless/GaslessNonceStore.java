package dev.junction.gasless;

import dev.junction.chain.Address;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Permit2 nonces per owner in table {@code gasless_nonce}. An owner's first nonce starts a random word (so it is
 * unlikely to collide with nonces the owner used through other Permit2 applications, which start at word 0); later
 * nonces take the next bit. The primary key (owner, nonce) guarantees a nonce is never handed out twice.
 */
@Repository
class GaslessNonceStore {

    /** First words are drawn from [1, 2^40), so nonces stay below 2^48. */
    private static final long FIRST_WORD_BOUND = 1L << 40;
    private static final int ATTEMPTS = 20;

    private final JdbcTemplate jdbc;
    private final SecureRandom random = new SecureRandom();

    GaslessNonceStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Reserves a nonce never handed out to {@code owner} before. */
    PermitNonce reserve(Address owner, Instant now) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Long max = jdbc.queryForObject("SELECT MAX(nonce) FROM gasless_nonce WHERE owner = ?", Long.class,
                    owner.lower());
            PermitNonce next = new PermitNonce(max == null ? (1 + random.nextLong(FIRST_WORD_BOUND - 1)) << 8 : max + 1);
            try {
                jdbc.update("INSERT INTO gasless_nonce (owner, nonce, word_pos, bit_pos, reserved_at) VALUES (?, ?, ?, ?, ?)",
                        owner.lower(), next.value(), next.wordPos(), next.bitPos(), Timestamp.from(now));
                return next;
            } catch (DataIntegrityViolationException | ConcurrencyFailureException raced) {
                // another request took this nonce for the same owner first: read the maximum again
            }
        }
        throw new IllegalStateException("could not reserve a Permit2 nonce for " + owner + " after " + ATTEMPTS
                + " attempts");
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
