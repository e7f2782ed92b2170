package dev.junction.quote;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/**
 * Quote identities: UUID version 7 (RFC 9562), 48 bits of Unix milliseconds then 74 random bits from a
 * {@link SecureRandom}, so a quoteId is as hard to guess as a random UUID but quotes created in turn have ascending ids.
 * That keeps the inserts of the write-behind store at the right edge of the {@code quote} table's primary-key B-tree:
 * with random (version 4) ids every quote of a batch landed on a different leaf page, and the database rewrote each
 * of those pages at every commit.
 */
final class QuoteIds {

    private static final SecureRandom RANDOM = new SecureRandom();

    private QuoteIds() {
    }

    static String next(Instant now) {
        long random12 = RANDOM.nextInt(1 << 12);
        long random62 = RANDOM.nextLong() >>> 2;
        long msb = (now.toEpochMilli() << 16) | 0x7000L | random12;
        long lsb = random62 | 0x8000000000000000L;
        return new UUID(msb, lsb).toString();
    }
}
