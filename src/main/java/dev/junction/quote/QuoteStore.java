package dev.junction.quote;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds every answered quote: in memory first (Caffeine, for the quote's lifetime plus a margin) and written behind to
 * the database in batches by one background thread, so {@code /quote} never waits for an insert. A lookup by quoteId or
 * pathId (which names its quote) consults the memory, then the quotes still waiting to be written, then the database:
 * a quote is findable from the moment {@link #save} returns, on this instance at once and on others as soon as its
 * batch commits (within about 50 ms: the writer lingers that long to gather a batch). {@link #flush()} writes
 * everything pending (used at shutdown and by tests). The same thread deletes, once a minute, the rows of quotes that
 * expired longer ago than the retention (default one day, kept for attribution by Integrator and Referrer).
 */
public class QuoteStore implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(QuoteStore.class);
    private static final int BATCH = 512;
    /** How long the writer waits for more quotes before writing a batch that is not full. */
    private static final long LINGER_MILLIS = 50;
    /** Quotes held in memory by default: about 150 MB at most, well inside a 512 MB heap. */
    public static final int DEFAULT_CACHE_SIZE = 10_000;
    /** How long quote rows stay in the database after they expire, by default. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(1);
    private static final long PURGE_EVERY_NANOS = Duration.ofMinutes(1).toNanos();

    private final QuoteRepository repository;
    private final Cache<String, StoredQuote> byQuoteId;
    private final Map<String, StoredQuote> pending = new ConcurrentHashMap<>();
    private final BlockingQueue<StoredQuote> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final Duration retention;
    private volatile boolean running = true;
    private long nextPurge = System.nanoTime() + PURGE_EVERY_NANOS;

    public QuoteStore(QuoteRepository repository, Duration ttl) {
        this(repository, ttl, DEFAULT_CACHE_SIZE, DEFAULT_RETENTION);
    }

    /**
     * @param ttl quote lifetime; quotes stay in memory for ttl + 5 minutes at most
     * @param cacheSize most quotes held in memory (about 15 KB each with their plans); older ones are read back from
     *                  the database
     * @param retention how long a quote's row is kept after it expires
     */
    public QuoteStore(QuoteRepository repository, Duration ttl, int cacheSize, Duration retention) {
        this.repository = repository;
        this.retention = retention;
        Duration keep = ttl.plus(Duration.ofMinutes(5));
        this.byQuoteId = Caffeine.newBuilder().expireAfterWrite(keep).maximumSize(cacheSize).build();
        this.writer = Thread.ofPlatform().daemon().name("quote-writer").start(this::writeLoop);
    }

    /** Makes the quote findable at once and queues it for the database. */
    public void save(StoredQuote quote) {
        byQuoteId.put(quote.quoteId(), quote);
        pending.put(quote.quoteId(), quote);
        queue.add(quote);
    }

    public Optional<StoredQuote> byQuoteId(String quoteId) {
        StoredQuote q = byQuoteId.getIfPresent(quoteId);
        if (q == null) {
            q = pending.get(quoteId);
        }
        return q != null ? Optional.of(q) : repository.findByQuoteId(quoteId);
    }

    /**
     * The quote holding the route with this pathId ({@code quoteId:rank}). Empty when the pathId is not of that form
     * or names no quote; a quote read back from the database may lack the route when the market no longer has one of
     * its pools or lanes.
     */
    public Optional<StoredQuote> byPathId(String pathId) {
        return StoredQuote.quoteIdOf(pathId).flatMap(this::byQuoteId).filter(q -> q.answered(pathId));
    }

    /** Writes every quote saved so far (also a batch the writer is gathering); returns once they are committed. */
    public void flush() {
        Set<String> saved = Set.copyOf(pending.keySet());
        synchronized (this) {
            List<StoredQuote> batch = new ArrayList<>();
            queue.drainTo(batch);
            write(batch);
        }
        // the writer may hold one it took off the queue just before; it leaves `pending` once written (or failed)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (saved.stream().anyMatch(pending::containsKey) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Quotes waiting in the queue (not yet taken by the writer). */
    int queued() {
        return queue.size();
    }

    @Override
    public void close() {
        running = false;
        writer.interrupt();
        try {
            writer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }

    private void writeLoop() {
        while (running) {
            StoredQuote first;
            try {
                first = queue.poll(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (System.nanoTime() - nextPurge >= 0) {
                nextPurge = System.nanoTime() + PURGE_EVERY_NANOS;
                purgeQuietly();
            }
            if (first == null) {
                continue;
            }
            boolean interrupted = false;
            try {
                synchronized (this) {
                    if (queue.size() < BATCH - 1) {
                        // gather more: every commit writes a chunk to H2's file (WRITE_DELAY=0), so under load one
                        // commit per linger carries many quotes
                        try {
                            Thread.sleep(LINGER_MILLIS);
                        } catch (InterruptedException e) {
                            interrupted = true;
                        }
                    }
                    List<StoredQuote> batch = new ArrayList<>();
                    batch.add(first);
                    queue.drainTo(batch, BATCH - 1);
                    write(batch);
                }
            } catch (RuntimeException e) {
                log.error("writing quotes failed; they stay in memory for their lifetime", e);
            }
            if (interrupted) {
                return;
            }
        }
    }

    /** Deletes the rows of quotes that expired more than the retention ago; returns how many. */
    public int purge() {
        int deleted = repository.deleteExpiredBefore(Instant.now().minus(retention));
        if (deleted > 0) {
            log.info("deleted {} quotes that expired more than {} ago", deleted, retention);
        }
        return deleted;
    }

    private void purgeQuietly() {
        try {
            purge();
        } catch (RuntimeException e) {
            log.warn("deleting old quotes failed; retrying in a minute", e);
        }
    }

    private void write(List<StoredQuote> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            repository.insertAll(batch);
        } finally {
            for (StoredQuote q : batch) {
                pending.remove(q.quoteId());
            }
        }
    }
}
