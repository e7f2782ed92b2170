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
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;

/**
 * Holds every answered quote: in memory first (Caffeine, for the quote's lifetime plus a margin, in its encoded form:
 * {@link EncodedQuote}) and written behind to
 * the database in batches by one background thread, so {@code /quote} never waits for an insert. A lookup by quoteId or
 * pathId (which names its quote) consults the memory, then the quotes still waiting to be written, then the database:
 * a quote is findable from the moment {@link #save} returns, on this instance at once and on others as soon as its
 * batch commits (within about 50 ms: the writer lingers that long to gather a batch). {@link #flush()} writes
 * everything pending (used at shutdown and by tests). The same thread deletes, once a minute, the rows of quotes that
 * expired longer ago than the retention (default one day, kept for attribution by Integrator and Referrer).
 *
 * <p>Bounded: at most {@code writeQueue} quotes wait to be written. When the database cannot keep up (or is down),
 * {@link #save} waits up to {@code writeWait} for room (backpressure) and then refuses with
 * {@link QuoteStoreUnavailableException} (503, code 9005, Retry-After), so no quote is answered that other instances
 * could not find. A batch that fails stays pending (findable here) and is retried with backoff until it commits; it is
 * never dropped. A duplicate key on a retry (the earlier attempt committed after all) is written row by row, skipping
 * the rows already there.
 */
public class QuoteStore implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(QuoteStore.class);
    private static final int BATCH = 512;
    /** How long the writer waits for more quotes before writing a batch that is not full. */
    private static final long LINGER_MILLIS = 50;
    /** Quotes held in memory by default: about 15 MB at most (encoded, about 1.5 KB each), well inside a 512 MB heap. */
    public static final int DEFAULT_CACHE_SIZE = 10_000;
    /** Quotes that may wait to be written, by default (encoded, about 1.5 KB each). */
    public static final int DEFAULT_WRITE_QUEUE = 20_000;
    /** How long {@link #save} waits for room in a full write queue, by default. */
    public static final Duration DEFAULT_WRITE_WAIT = Duration.ofMillis(250);
    /** The longest pause between two attempts to write a failed batch. */
    private static final long MAX_BACKOFF_MILLIS = 5_000;
    /** How long quote rows stay in the database after they expire, by default. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(1);
    private static final long PURGE_EVERY_NANOS = Duration.ofMinutes(1).toNanos();

    private final QuoteRepository repository;
    /** Quotes in their encoded form (see {@link EncodedQuote} for why not the planned objects). */
    private final Cache<String, EncodedQuote> byQuoteId;
    private final Map<String, EncodedQuote> pending = new ConcurrentHashMap<>();
    private final BlockingQueue<EncodedQuote> queue = new LinkedBlockingQueue<>();
    /** One permit per quote that may wait to be written; taken by {@link #save}, given back once it is written. */
    private final Semaphore room;
    private final Duration writeWait;
    private final int writeQueue;
    /** A batch whose write failed, retried first (guarded by {@code this}). */
    private List<EncodedQuote> unwritten = List.of();
    private long backoffMillis;
    private final Thread writer;
    private final Duration retention;
    private volatile boolean running = true;
    private long nextPurge = System.nanoTime() + PURGE_EVERY_NANOS;

    public QuoteStore(QuoteRepository repository, Duration ttl) {
        this(repository, ttl, DEFAULT_CACHE_SIZE, DEFAULT_RETENTION);
    }

    /**
     * @param ttl quote lifetime; quotes stay in memory for ttl + 5 minutes at most
     * @param cacheSize most quotes held in memory (encoded, about 1.5 KB each); older ones are read back from
     *                  the database
     * @param retention how long a quote's row is kept after it expires
     */
    public QuoteStore(QuoteRepository repository, Duration ttl, int cacheSize, Duration retention) {
        this(repository, ttl, cacheSize, retention, DEFAULT_WRITE_QUEUE, DEFAULT_WRITE_WAIT);
    }

    /**
     * @param writeQueue most quotes waiting to be written (saved but not yet committed)
     * @param writeWait how long {@link #save} waits for room when that many wait
     */
    public QuoteStore(QuoteRepository repository, Duration ttl, int cacheSize, Duration retention, int writeQueue,
            Duration writeWait) {
        if (writeQueue < 1) {
            throw new IllegalArgumentException("writeQueue must be at least 1, was " + writeQueue);
        }
        this.repository = repository;
        this.room = new Semaphore(writeQueue);
        this.writeWait = writeWait;
        this.writeQueue = writeQueue;
        this.retention = retention;
        Duration keep = ttl.plus(Duration.ofMinutes(5));
        // Maintenance (eviction, expiry) on the saving thread: by default Caffeine hands it to the common pool after
        // writes, and at one write per quote that woke a pool thread (a futex wake and a context switch) per request.
        this.byQuoteId = Caffeine.newBuilder().expireAfterWrite(keep).maximumSize(cacheSize).executor(Runnable::run)
                .build();
        this.writer = Thread.ofPlatform().daemon().name("quote-writer").start(this::writeLoop);
    }

    /**
     * Makes the quote findable at once and queues it for the database.
     *
     * @throws QuoteStoreUnavailableException when the write queue stayed full for the write wait: the database is
     *         not keeping up, and the quote is not stored (nobody can have its pathIds)
     */
    public void save(StoredQuote quote) {
        boolean admitted;
        try {
            admitted = room.tryAcquire(writeWait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            throw new QuoteStoreUnavailableException("the quote store cannot keep up with the database ("
                    + pending.size() + " quotes waiting to be written); retry in a second");
        }
        EncodedQuote encoded;
        try {
            encoded = repository.encode(quote);
        } catch (RuntimeException e) {
            room.release();
            throw e;
        }
        byQuoteId.put(quote.quoteId(), encoded);
        pending.put(quote.quoteId(), encoded);
        queue.add(encoded);
    }

    public Optional<StoredQuote> byQuoteId(String quoteId) {
        EncodedQuote q = byQuoteId.getIfPresent(quoteId);
        if (q == null) {
            q = pending.get(quoteId);
        }
        return q != null ? Optional.of(repository.decode(q)) : repository.findByQuoteId(quoteId);
    }

    /**
     * The quote holding the route with this pathId ({@code quoteId:rank}). Empty when the pathId is not of that form
     * or names no quote; a quote read back from the database may lack the route when the market no longer has one of
     * its pools or lanes.
     */
    public Optional<StoredQuote> byPathId(String pathId) {
        return StoredQuote.quoteIdOf(pathId).flatMap(this::byQuoteId).filter(q -> q.answered(pathId));
    }

    /**
     * Writes every quote saved so far (also a batch the writer is gathering); returns once they are committed, or at
     * once when the database refuses them (they stay pending and the writer retries).
     */
    public void flush() {
        Set<String> saved = Set.copyOf(pending.keySet());
        synchronized (this) {
            List<EncodedQuote> batch = new ArrayList<>(unwritten);
            queue.drainTo(batch);
            if (!write(batch)) {
                return;
            }
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
        if (!pending.isEmpty()) {
            log.error("stopping with {} quotes not written to the database (it refused them); other instances cannot"
                    + " build them", pending.size());
        }
    }

    private void writeLoop() {
        while (running) {
            EncodedQuote first;
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
                synchronized (this) {
                    if (!unwritten.isEmpty()) {
                        write(new ArrayList<>(unwritten));
                    }
                }
                if (!pauseAfterFailure()) {
                    return;
                }
                continue;
            }
            boolean interrupted = false;
            synchronized (this) {
                if (unwritten.isEmpty() && queue.size() < BATCH - 1) {
                    // gather more: every commit writes a chunk to H2's file (WRITE_DELAY=0), so under load one
                    // commit per linger carries many quotes
                    try {
                        Thread.sleep(LINGER_MILLIS);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                List<EncodedQuote> batch = new ArrayList<>(unwritten);
                batch.add(first);
                queue.drainTo(batch, Math.max(0, BATCH - batch.size()));
                write(batch);
            }
            if (interrupted || !pauseAfterFailure()) {
                return;
            }
        }
    }

    /** After a failed write, waits (exponential backoff up to 5 s) before the retry; false when interrupted. */
    private boolean pauseAfterFailure() {
        long pause;
        synchronized (this) {
            pause = unwritten.isEmpty() ? 0 : backoffMillis;
        }
        if (pause == 0) {
            return true;
        }
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            return false;
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

    /**
     * Inserts the batch; on success the quotes leave {@code pending} and give their room back. On failure the batch
     * is kept as {@code unwritten} for the next attempt (called holding the lock).
     */
    private boolean write(List<EncodedQuote> batch) {
        if (batch.isEmpty()) {
            return true;
        }
        try {
            try {
                repository.insertEncoded(batch);
            } catch (DuplicateKeyException e) {
                // an earlier attempt committed some of them after all: write the others one by one
                for (EncodedQuote q : batch) {
                    try {
                        repository.insertEncoded(List.of(q));
                    } catch (DuplicateKeyException alreadyThere) {
                        // written by the earlier attempt
                    }
                }
            }
        } catch (RuntimeException e) {
            if (unwritten.isEmpty()) {
                log.error("writing {} quotes failed; they stay pending and are retried (new quotes are refused with"
                        + " 9005 once {} wait)", batch.size(), writeQueue, e);
            } else {
                log.warn("writing {} quotes failed again: {}", batch.size(), e.toString());
            }
            unwritten = batch;
            backoffMillis = Math.min(MAX_BACKOFF_MILLIS, Math.max(50, backoffMillis * 2));
            return false;
        }
        if (!unwritten.isEmpty()) {
            log.info("wrote {} quotes after the database refused them", batch.size());
        }
        unwritten = List.of();
        backoffMillis = 0;
        for (EncodedQuote q : batch) {
            pending.remove(q.quoteId());
        }
        room.release(batch.size());
        return true;
    }
}
